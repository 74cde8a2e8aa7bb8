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
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PASSKEY_PORT: String(port + 100), ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the host exited during start-up');
    try {
      const response = await fetch(`${url}/api/models`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the host did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
