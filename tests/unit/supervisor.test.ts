import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../../scripts/supervisor';

// npm start's supervisor with real child processes: a small HTTP server stands in for a demo MCP
// server (restarted when it dies) and for the host's own server (whose death stops everything).
const FAST = { firstDelayMs: 40, maxDelayMs: 320, healthyAfterMs: 60_000 };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const server = (port: number) => [
  '-e',
  `require('node:http').createServer((q, s) => s.end(String(process.pid))).listen(${port}, '127.0.0.1')`,
];

async function answer(port: number): Promise<string | undefined> {
  try {
    return await (await fetch(`http://127.0.0.1:${port}/`)).text();
  } catch {
    return undefined;
  }
}

async function until<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A supervisor whose log lines and stop are kept for the test; stopped after each test. */
function supervise() {
  const lines: string[] = [];
  let report: (code: number) => void = () => {};
  const stopped = new Promise<number>((resolve) => {
    report = resolve;
  });
  const supervisor = new Supervisor({ backoff: FAST, log: (line) => lines.push(line), onStopped: report });
  running.push({ supervisor, stopped });
  return { supervisor, lines, stopped };
}

const running: Array<{ supervisor: Supervisor; stopped: Promise<number> }> = [];
afterEach(async () => {
  for (const { supervisor, stopped } of running.splice(0)) {
    supervisor.stopAll(0);
    await stopped;
  }
});

describe('npm start: the supervisor restarts what it supervises', () => {
  it('a demo server killed by signal is restarted, with a log line, and answers again; the host stays up', async () => {
    const { supervisor, lines, stopped } = supervise();
    let stoppedEarly = false;
    void stopped.then(() => {
      stoppedEarly = true;
    });
    const [demoPort, hostPort] = [await freePort(), await freePort()];
    supervisor.run({ name: 'restaurant', args: server(demoPort), restart: true });
    const host = supervisor.run({ name: 'host', args: server(hostPort), restart: false });
    const first = await until(() => answer(demoPort));
    await until(() => answer(hostPort));
    supervisor.current('restaurant')?.kill('SIGKILL');
    const second = await until(async () => {
      const pid = await answer(demoPort);
      return pid && pid !== first ? pid : undefined;
    });
    expect(second).not.toBe(first);
    expect(lines).toEqual(['restaurant stopped (SIGKILL); restarting it in 40 ms. The host keeps serving.']);
    expect(stoppedEarly).toBe(false);
    expect(host.exitCode).toBeNull();
    expect(await answer(hostPort)).toBe(String(host.pid));
  });

  it('a process that keeps dying is restarted with growing waits and reported, not looped hot', async () => {
    const { supervisor, lines } = supervise();
    const started = Date.now();
    supervisor.run({ name: 'vault', args: ['-e', 'process.exit(3)'], restart: true });
    await until(() => (lines.length >= 5 ? true : undefined));
    const elapsed = Date.now() - started;
    expect(lines.slice(0, 5)).toEqual([
      'vault stopped (exit 3); restarting it in 40 ms. The host keeps serving.',
      'vault stopped (exit 3); restarting it in 80 ms (2 deaths in a row; backing off). The host keeps serving.',
      'vault stopped (exit 3); restarting it in 160 ms (3 deaths in a row; backing off). The host keeps serving.',
      'vault stopped (exit 3); restarting it in 320 ms (4 deaths in a row; backing off). The host keeps serving.',
      'vault stopped (exit 3); restarting it in 320 ms (5 deaths in a row; backing off). The host keeps serving.',
    ]);
    // Four waits (40 + 80 + 160 + 320 ms) stood between the five deaths.
    expect(elapsed).toBeGreaterThanOrEqual(600);
  });

  it("the host's own server dying stops everything, the restartable ones included, with its exit code", async () => {
    const { supervisor, lines, stopped } = supervise();
    const demoPort = await freePort();
    const demo = supervisor.run({ name: 'restaurant', args: server(demoPort), restart: true });
    await until(() => answer(demoPort));
    supervisor.run({ name: 'host', args: ['-e', 'setTimeout(() => process.exit(7), 100)'], restart: false });
    expect(await stopped).toBe(7);
    expect(lines).toEqual(['host stopped (exit 7); stopping the host.']);
    await until(() => (demo.exitCode !== null || demo.signalCode !== null ? true : undefined));
    expect(await answer(demoPort)).toBeUndefined();
  });
});
