import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** Whether something listens on 127.0.0.1 at `port`. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A port the system just handed out as free (a random pick could land on a port in use). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a TypeScript entry point in its own process and waits until it listens. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  port: number,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitUntilListening(child, entry, port);
  return child;
}

async function waitUntilListening(child: ChildProcess, name: string, port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited early`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts an MCP Apps example server installed from npm on a free port; its endpoint is `/mcp`. */
export async function startNpmServer(
  pkg: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [`node_modules/${pkg}/dist/index.js`, ...args], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  await waitUntilListening(child, pkg, port);
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}

/** Waits until `url` answers 200: a host booting (its build read, its servers started) takes a while. */
export async function waitForOk(url: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Kills a process started `detached` and everything in its process group (a host and the servers
 * it runs) by SIGKILL, as when its machine dies: nothing gets to clean up.
 */
export function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
  return exited;
}
