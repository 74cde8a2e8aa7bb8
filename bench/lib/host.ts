import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface RunningHost {
  url: string;
  stop(): Promise<void>;
}

/** Starts the host with `npm start`'s script on its own port and data directory, and waits until it answers. */
export async function startHost(port: number, env: Record<string, string>): Promise<RunningHost> {
  const dataDir = `.data/bench-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // Its own process group: stop() ends the supervisor and everything it started (Next, the demo
  // servers), so no orphan keeps a port or the bench's output open.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PASSKEY_PORT: String(port + 100), ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      killGroup('SIGKILL');
      throw new Error('the host exited during start-up');
    }
    try {
      const response = await fetch(`${url}/api/models`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error('the host did not start in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', onExit);
        const force = setTimeout(() => killGroup('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          // The supervisor stops its children on SIGTERM; whatever it left is ended with it.
          killGroup('SIGKILL');
          resolve();
        });
        killGroup('SIGTERM');
      }),
  };
}
