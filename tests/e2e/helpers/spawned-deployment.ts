import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, expect } from '@playwright/test';
import pg from 'pg';
import { proxyFor, type TcpProxy } from '../../fixtures/tcp-proxy';
import { HOSTED_ENV } from '../hosted-env';
import { SignInPage } from '../pages/sign-in-page';
import { FAKE_LLM_URL } from '../ports';
import { virtualAuthenticator } from './webauthn';

/**
 * A hosted deployment a test owns: its own PostgreSQL database and instances, with PostgreSQL and
 * Redis reached through TCP proxies the test cuts and restores. Killing or cutting it off disturbs
 * none of the shared hosts Playwright's config starts. The instances run the build the main host
 * made (SKIP_BUILD=1), each in a process group of its own, so a signal reaches the host server and
 * every process its supervisor runs (passkey server, demo MCP servers).
 */
export interface InstancePorts {
  port: number;
  passkeyPort: number;
  demoPortBase: number;
}

export interface SpawnedDeploymentOptions {
  /** Names the database (`mcplet_e2e_<name>`) and the data and log directories under .data. */
  name: string;
  instances: InstancePorts[];
  /** Added to every instance's environment. */
  env?: Record<string, string>;
  /** host.config.json of the deployment. */
  config?: Record<string, unknown>;
}

export interface SpawnedInstance {
  readonly origin: string;
  readonly ports: InstancePorts;
  /** The process group of the running instance (its leader's pid), or undefined when stopped. */
  readonly pid: number | undefined;
  /** True while the instance's process has not exited. */
  readonly running: boolean;
  /** Everything the instance's processes wrote (stdout and stderr) since it was last started. */
  output(): string;
}

export interface SpawnedDeployment {
  readonly instances: readonly SpawnedInstance[];
  readonly databaseProxy: TcpProxy;
  readonly redisProxy: TcpProxy;
  /** The deployment's database, reached directly (not through the proxy): for a test's own queries. */
  readonly databaseUrl: string;
  instance(i: number): SpawnedInstance;
  /** Starts instance i (again) and waits until it answers /healthz. */
  start(i: number): Promise<void>;
  /** Waits until instance i answers /healthz (fails early if it exited). */
  ready(i: number): Promise<void>;
  /** Sends a signal to instance i's whole process group; resolves once its process has exited. */
  kill(i: number, signal?: NodeJS.Signals): Promise<void>;
  /** The pids of instance i's processes whose command line contains `text` (its own process group). */
  processes(i: number, text: string): number[];
  /** An operator's invitation link (scripts/account-link.ts) for the deployment. */
  inviteLink(): Promise<string>;
  /** A new browser context signed up through an invitation, with a passkey of its own. */
  signUp(browser: Browser, name: string): Promise<BrowserContext>;
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Kills every instance, closes the proxies and drops the database. */
  close(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function healthStatus(origin: string): Promise<number> {
  try {
    return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // The group is already gone: nothing is left to stop.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The process group (`pgrp`) of a process, from /proc (Linux); undefined when it is gone. */
function processGroupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after it are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]);
  } catch {
    return undefined;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

class Instance implements SpawnedInstance {
  readonly origin: string;
  child: ChildProcess | undefined;
  exited: Promise<void> = Promise.resolve();
  private log = '';

  constructor(
    readonly ports: InstancePorts,
    private readonly logFile: string,
  ) {
    this.origin = `http://localhost:${ports.port}`;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  output(): string {
    return this.log;
  }

  spawn(env: NodeJS.ProcessEnv): void {
    this.log = '';
    writeFileSync(this.logFile, '');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve-host.ts'], {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.log += text;
      appendFileSync(this.logFile, text);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }
}

export async function spawnDeployment(options: SpawnedDeploymentOptions): Promise<SpawnedDeployment> {
  const [firstInstance] = options.instances;
  if (!firstInstance) throw new Error('A deployment needs at least one instance.');
  // Its address is the deployment's public origin; operator scripts run with its environment.
  const first: InstancePorts = firstInstance;
  const database = `mcplet_e2e_${options.name}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`"${database}" is not a plain database name`);
  const base = join('.data', `e2e-${options.name}`);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(join(base, 'logs'), { recursive: true });
  const configFile = join(base, 'host.config.json');
  writeFileSync(configFile, JSON.stringify(options.config ?? {}));

  // The database is made over a connection of its own, never through the proxy the test cuts.
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const direct = new URL(ADMIN_URL);
  direct.pathname = `/${database}`;
  const databaseUrl = direct.toString();

  const databaseProxy = await proxyFor(ADMIN_URL, 5432);
  const redisProxy = await proxyFor(REDIS_URL, 6379);
  const proxiedDatabase = new URL(databaseProxy.urlFor(ADMIN_URL));
  proxiedDatabase.pathname = `/${database}`;

  const shared: Record<string, string> = {
    AUTH_MODE: 'passkey',
    AUTH_SECRET: HOSTED_ENV.AUTH_SECRET,
    HOST_KEY: HOSTED_ENV.HOST_KEY,
    // One public address for the deployment, as behind a load balancer; each instance also answers
    // as localhost on its own port.
    PUBLIC_ORIGIN: `http://localhost:${first.port}`,
    DATABASE_URL: proxiedDatabase.toString(),
    REDIS_URL: redisProxy.urlFor(REDIS_URL),
    HOST_CONFIG: configFile,
    LLM_BASE_URL: `${FAKE_LLM_URL}/v1`,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    SKIP_BUILD: '1',
    // A killed instance's key in Redis lapses three beats after its last one: about 1.5 s.
    INSTANCE_HEARTBEAT_MS: '500',
    ...options.env,
  };
  const envOf = (ports: InstancePorts, i: number): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...shared,
      PORT: String(ports.port),
      DATA_DIR: join(base, `data-${i}`),
      DEMO_PORT_BASE: String(ports.demoPortBase),
      PASSKEY_PORT: String(ports.passkeyPort),
    };
    // The database is made above; no instance makes one of its own or reaches another's servers.
    for (const name of ['E2E_FRESH_DATABASE', 'FIDO2_SERVER_URL', 'NODE_OPTIONS']) delete env[name];
    return env;
  };

  const instances = options.instances.map((ports, i) => new Instance(ports, join(base, 'logs', `${i}.log`)));
  const instanceAt = (i: number): Instance => {
    const instance = instances[i];
    if (!instance) throw new Error(`The deployment has no instance ${i}.`);
    return instance;
  };
  // Should the test process end without its afterAll (a crash, a kill), the instances end with it.
  const onExit = () => {
    for (const instance of instances) if (instance.child?.pid) signalGroup(instance.child.pid, 'SIGKILL');
  };
  process.once('exit', onExit);

  async function ready(i: number): Promise<void> {
    const instance = instanceAt(i);
    await expect
      .poll(
        async () => {
          if (!instance.running)
            throw new Error(`Instance ${i} exited while starting:\n${instance.output().slice(-4_000)}`);
          return healthStatus(instance.origin);
        },
        { timeout: 180_000, intervals: [250, 500] },
      )
      .toBe(200);
  }

  async function start(i: number): Promise<void> {
    const instance = instanceAt(i);
    if (instance.running) throw new Error(`Instance ${i} is already running.`);
    instance.spawn(envOf(instance.ports, i));
    await ready(i);
  }

  async function kill(i: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const instance = instanceAt(i);
    const pid = instance.child?.pid;
    if (!pid) return;
    signalGroup(pid, signal);
    await instance.exited;
  }

  function processes(i: number, text: string): number[] {
    const group = instanceAt(i).pid;
    if (!group) return [];
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number)
      .filter((pid) => processGroupOf(pid) === group && commandLineOf(pid).includes(text));
  }

  // Never spawnSync here: the proxies live in this process, and an instance whose database traffic
  // they could not carry while it held the migration lock would keep the script waiting for good.
  async function inviteLink(): Promise<string> {
    const run = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/account-link.ts', 'invite'],
      { env: { ...envOf(first, 0), DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    run.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    run.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => run.kill('SIGKILL'), 60_000);
    const [code, signal] = (await once(run, 'close')) as [number | null, NodeJS.Signals | null];
    clearTimeout(timer);
    if (code !== 0) throw new Error(`account-link failed (${signal ?? `exit ${code}`}): ${stderr}`);
    return stdout.trim();
  }

  async function signUp(browser: Browser, name: string): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: instanceAt(0).origin });
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await page.goto(await inviteLink());
    const signIn = new SignInPage(page);
    await signIn.signUp(name);
    await expect(signIn.accountName()).toHaveText(name);
    return context;
  }

  async function query<Row extends Record<string, unknown>>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  async function close(): Promise<void> {
    for (const instance of instances) if (instance.child?.pid) signalGroup(instance.child.pid, 'SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    process.off('exit', onExit);
    await databaseProxy.close();
    await redisProxy.close();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    try {
      await cleanup.query(`drop database if exists ${database} with (force)`);
    } finally {
      await cleanup.end();
    }
    // The logs stay (.data/e2e-<name>/logs) for a failed run to be read; the data directories go.
    for (let i = 0; i < instances.length; i++)
      rmSync(join(base, `data-${i}`), { recursive: true, force: true });
  }

  const deployment: SpawnedDeployment = {
    instances,
    databaseProxy,
    redisProxy,
    databaseUrl,
    instance: instanceAt,
    start,
    ready,
    kill,
    processes,
    inviteLink,
    signUp,
    query,
    close,
  };
  try {
    // The instances boot side by side: their migrations of the fresh database take a lock in turn.
    await Promise.all(instances.map((_, i) => start(i)));
  } catch (error) {
    await close();
    throw error;
  }
  return deployment;
}
