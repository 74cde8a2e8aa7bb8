import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

/** Where the build puts the host's server (scripts/host-server.ts), for plain Node to run. */
export function hostServerBundle(root: string): string {
  return join(root, '.next', 'host-server.mjs');
}

/**
 * Part of the build: the host's server as one ES module beside Next's build, `next` left to
 * node_modules. Plain Node runs it, so the process that serves every request carries no TypeScript
 * loader (its hooks, its thread and its esbuild service).
 */
export function bundleHostServer(root: string): string {
  const outfile = hostServerBundle(root);
  buildSync({
    entryPoints: [join(root, 'scripts', 'host-server.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  return outfile;
}

/** True when the build has no bundle of the server (a build made before the bundle was part of it). */
export function needsHostServerBundle(root: string): boolean {
  return !existsSync(hostServerBundle(root));
}

// `tsx scripts/bundle-host-server.ts` (the Dockerfile's build step).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`Bundled the host's server: ${bundleHostServer(process.cwd())}`);
}
