import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** npm's package of Node for this machine (Windows' is node-win-<arch>). */
function packageName(): string {
  return `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
}

/** Where a Node `version` from npm's node-<platform>-<arch> package lives once installed under `root`. */
export function cachedNodeBinary(root: string, version: string): string {
  const name = packageName();
  return path.join(
    root,
    '.cache',
    `node-${version}`,
    'node_modules',
    name,
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
}

/**
 * A Node `version` for one of the project's processes, installed once into .cache/node-<version>
 * from npm's own Node packages. Not a dependency of the project: npm would put its `node` first on
 * the PATH of every npm script. Installed beside its place and renamed into it, so two processes
 * starting at once (the e2e hosts) never see half an install. Throws when npm cannot install it.
 */
export function cachedNode(root: string, version: string, purpose: string): string {
  const binary = cachedNodeBinary(root, version);
  if (existsSync(binary)) return binary;
  const name = packageName();
  const prefix = path.join(root, '.cache', `node-${version}`);
  const partial = `${prefix}.partial-${process.pid}`;
  console.log(`Installing Node ${version} for ${purpose} (${name}, into .cache/)…`);
  const installed = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      // Offline, npm's default retries held a start for 70 s before it gave up.
      '--fetch-retries=1',
      '--fetch-retry-mintimeout=1000',
      '--fetch-retry-maxtimeout=3000',
      '--prefix',
      partial,
      `${name}@${version}`,
    ],
    { stdio: 'inherit' },
  );
  try {
    if (installed.status !== 0) throw new Error(`npm could not install ${name}@${version}`);
    try {
      renameSync(partial, prefix);
    } catch (error) {
      // Another process's install won the rename; its copy is as good.
      if (!existsSync(binary)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  if (!existsSync(binary)) throw new Error(`npm installed ${name}@${version} without its binary`);
  return binary;
}
