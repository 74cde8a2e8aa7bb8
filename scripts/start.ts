import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { HostConfigError, loadHostConfig } from '../lib/config/load';
import { needsBuild } from './build-check';

const root = process.cwd();
const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
const port = process.env.PORT ?? '3000';
const bind = process.env.BIND_ADDRESS ?? '127.0.0.1';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

try {
  loadHostConfig();
} catch (error) {
  if (error instanceof HostConfigError) fail(`Cannot start: ${error.message}`);
  throw error;
}

if (process.env.SKIP_BUILD !== '1' && needsBuild(root)) {
  console.log('Building the host (first start or sources changed)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit', env: process.env });
  if (build.status !== 0) fail('The build failed; see the output above.');
}

const children: ChildProcess[] = [];
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(
    children.map(
      (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve))),
    ),
  ).then(() => process.exit(code));
}

function run(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env, shell: false });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the host.`);
    stopAll(code ?? 1);
  });
  return child;
}

run('next', [nextBin, 'start', '-p', port, '-H', bind]);
console.log(`\nMCPlet host: http://localhost:${port}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
