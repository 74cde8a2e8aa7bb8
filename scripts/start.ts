import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { OriginConfigError, originsFor } from '../lib/apps/origins';
import { deploymentMode, deploymentProblems, deploymentWarnings } from '../lib/config/deployment';
import { envProblems } from '../lib/config/env-settings';
import { v8PoolSize } from '../lib/config/gc-threads';
import { heapLimitMb } from '../lib/config/heap-limit';
import type { HostConfig } from '../lib/config/host-config';
import { asyncContextFlags, hostNodeChoice } from '../lib/config/host-node';
import { HostConfigError, loadHostConfig } from '../lib/config/load';
import { pgliteDir } from '../lib/db/pglite-dir';
import { bindRefusal } from '../lib/trust/command-servers';
import { DEMO_SERVERS, demoPortBase } from '../servers/manifest';
import { passkeyPort } from '../servers/passkey/config';
import { needsBuild } from './build-check';
import { bundleHostServer, hostServerBundle, needsHostServerBundle } from './bundle-host-server';
import { cachedNode } from './cached-node';
import { buildQuietly } from './quiet-build';
import { type SupervisedProcess, Supervisor } from './supervisor';

const root = process.cwd();
const require = createRequire(import.meta.url);
const nextBin = require.resolve('next/dist/bin/next');
const port = process.env.PORT ?? '3000';
const bind = process.env.BIND_ADDRESS ?? '127.0.0.1';
// Next's anonymous telemetry is off unless the operator asks for it (docs/configuration.md); the
// build and the host server inherit this.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

// Every variable set to a value the host cannot use, and whatever hosted mode lacks, all named at
// once before anything is installed, built or started (the rules: lib/config/env-settings.ts).
const problems = [...new Set([...envProblems(process.env), ...deploymentProblems(process.env)])];
if (problems.length > 0)
  fail(`Cannot start in ${deploymentMode()} mode:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
for (const warning of deploymentWarnings(process.env)) console.warn(`Warning: ${warning}`);

const heapMb = heapLimitMb(process.env);
if (typeof heapMb !== 'number') fail(`Cannot start: ${heapMb.error}`);

/** The host server's Node and its flags (lib/config/host-node.ts says why it is not always this one). */
function hostNode(): { binary: string; flags: string[] } {
  const current = { binary: process.execPath, flags: asyncContextFlags(process.versions.node) };
  const choice = hostNodeChoice(process.env, process.versions.node);
  if (choice.kind === 'current') return current;
  if (choice.kind === 'binary') {
    if (!existsSync(choice.path)) fail(`Cannot start: HOST_NODE names ${choice.path}, which does not exist.`);
    return { binary: choice.path, flags: [] };
  }
  try {
    return { binary: cachedNode(root, choice.version, 'the host server'), flags: [] };
  } catch (error) {
    console.warn(
      `Node ${choice.version} could not be installed (${error instanceof Error ? error.message : error}); ` +
        `the host server runs on this Node ${process.versions.node}, slower under load.`,
    );
    return current;
  }
}
const hostNodeRun = hostNode();

// Before anything is built or started: local mode has no sign-in, so it listens only on this machine.
const refusal = bindRefusal(bind, deploymentMode());
if (refusal) fail(refusal);

let config: HostConfig;
try {
  config = loadHostConfig();
} catch (error) {
  if (error instanceof HostConfigError) fail(`Cannot start: ${error.message}`);
  throw error;
}
try {
  originsFor(process.env);
} catch (error) {
  if (error instanceof OriginConfigError) fail(`Cannot start: ${error.message}`);
  throw error;
}
const dataDir = process.env.DATA_DIR ?? '.data';

const built = process.env.SKIP_BUILD !== '1' && needsBuild(root);
if (built) {
  console.log('Building the host (first start or sources changed; two to three minutes on two cores)…');
  if ((await buildQuietly(process.execPath, nextBin, process.env)) !== 0)
    fail('The build failed; see the output above.');
}

// The embedded database is created by a process of its own (scripts/prepare-db.ts says why).
if (!process.env.DATABASE_URL && !existsSync(join(pgliteDir(), 'PG_VERSION'))) {
  const prepared = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/prepare-db.ts'],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (prepared.status !== 0) fail('The embedded database could not be created; see the output above.');
}

// A demo MCP server or the passkey server that dies is restarted (the host reconnects to it); only
// the host's own server dying stops `npm start`.
const supervisor = new Supervisor({ onStopped: (code) => process.exit(code) });
const run = (spec: SupervisedProcess) => supervisor.run(spec);

function portOpen(portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(portNumber, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return false;
}

// The FIDO2 server: the built-in one, unless FIDO2_SERVER_URL points elsewhere.
const fido2 = process.env.FIDO2_SERVER_URL ?? `http://127.0.0.1:${passkeyPort()}`;
if (!process.env.FIDO2_SERVER_URL) {
  run({
    name: 'passkey',
    args: ['--import', 'tsx', 'servers/passkey/main.ts'],
    env: { ...process.env, PORT: port, DATA_DIR: dataDir },
    restart: true,
  });
  if (!(await waitFor(() => portOpen(passkeyPort()), 15_000)))
    fail(`The passkey server did not listen on port ${passkeyPort()}.`);
}

if (config.demoServers) {
  const base = demoPortBase();
  for (const demo of DEMO_SERVERS) {
    const demoPort = base + demo.portOffset;
    run({
      name: demo.id,
      args: ['--import', 'tsx', demo.entry],
      env: {
        ...process.env,
        PORT: String(demoPort),
        FIDO2_SERVER_URL: fido2,
        RESERVATIONS_FILE: join(dataDir, demo.id, 'reservations.jsonl'),
      },
      restart: true,
    });
    if (!(await waitFor(() => portOpen(demoPort), 15_000)))
      fail(`The demo server ${demo.id} did not listen on port ${demoPort}.`);
  }
}

// Next's request handling behind the host's own listener (scripts/host-server.ts says why).
if (built || needsHostServerBundle(root)) bundleHostServer(root);
run({
  name: 'host',
  args: [
    `--max-old-space-size=${heapMb}`,
    // Node 24 and later grow the young generation to 128 MB under load and keep it; 32 MB (against 16)
    // took a tenth off a chat turn's CPU within the memory goals (docs/architecture.md).
    '--max-semi-space-size=32',
    // For one collection once the host goes quiet after work (lib/runtime/idle-gc.ts).
    '--expose-gc',
    `--v8-pool-size=${v8PoolSize(availableParallelism())}`,
    ...hostNodeRun.flags,
    hostServerBundle(root),
    bind,
  ],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    FIDO2_SERVER_URL: fido2,
  },
  node: hostNodeRun.binary,
  restart: false,
});
// Opening the servers list once makes the host connect to its MCP servers before the first chat.
await waitFor(async () => {
  try {
    return (await fetch(`http://localhost:${port}/api/servers`)).ok;
  } catch {
    return false;
  }
}, 60_000);
console.log(`\nMCPlet host: http://localhost:${port}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => supervisor.stopAll(0));
