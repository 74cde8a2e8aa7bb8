import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): number {
  return 20000 + Math.floor(Math.random() * 20000);
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
  const deadline = Date.now() + 20_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null) throw new Error(`${entry} exited early`);
    if (Date.now() > deadline) throw new Error(`${entry} did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}
