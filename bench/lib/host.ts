import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import type { FakeScript } from '../../tests/fixtures/fake-llm/script';

/** Linux counts a thread's CPU time in clock ticks of 10 ms (`getconf CLK_TCK` is 100). */
const TICK_MS = 10;

/** User plus system CPU time of one thread, ms (fields 14 and 15 of its stat line). */
function threadCpuMs(pid: number, tid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function processCpuMs(pid: number): { main: number; all: number } {
  let all = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) all += threadCpuMs(pid, tid);
  } catch {
    // the process ended
  }
  return { main: threadCpuMs(pid, String(pid)), all };
}

export interface RunningHost {
  url: string;
  /** Resident memory of the host server (scripts/host-server.ts, Next's process, titled `mcplet-host`), MB. */
  nextRssMb(): number;
  /** CPU the host server (Next's process) has used so far, ms: its main (JavaScript) thread, and all its threads. */
  nextCpuMs(): { main: number; all: number };
  /** Lines the host wrote to stderr that name a warning (e.g. MaxListenersExceededWarning). */
  warnings: string[];
  stop(): Promise<void>;
}

function processesInGroup(pgid: number): Array<{ pid: number; cmdline: string }> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8') });
    } catch {
      // the process ended while it was read
    }
  }
  return found;
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Starts the host with `npm start`'s script on its own port and data directory, and waits until it answers. */
export async function startHost(port: number, env: Record<string, string>): Promise<RunningHost> {
  const dataDir = `.data/bench-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // Its own process group: stop() ends the supervisor and everything it started (Next, the demo
  // servers), so no orphan keeps a port or the bench's output open.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...process.env, PASSKEY_PORT: String(port + 100), ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const warnings: string[] = [];
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    process.stderr.write(text);
    for (const line of text.split('\n')) if (/Warning\b/.test(line)) warnings.push(line);
  });
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
    warnings,
    nextRssMb: () =>
      processesInGroup(child.pid ?? -1)
        .filter((p) => p.cmdline.startsWith('mcplet-host'))
        .reduce((sum, p) => sum + rssMb(p.pid), 0),
    nextCpuMs: () =>
      processesInGroup(child.pid ?? -1)
        .filter((p) => p.cmdline.startsWith('mcplet-host'))
        .map((p) => processCpuMs(p.pid))
        .reduce((sum, cpu) => ({ main: sum.main + cpu.main, all: sum.all + cpu.all }), { main: 0, all: 0 }),
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

/** The fake model in a child process on `port`, with `scripts` registered. */
export async function startFakeLlmProcess(
  port: number,
  scripts: FakeScript[],
): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/fake-llm/main.ts'], {
    env: { ...process.env, FAKE_LLM_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/v1/models`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the fake model did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const script of scripts)
    await fetch(`${url}/__script`, { method: 'POST', body: JSON.stringify(script) });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        process.off('exit', onExit);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
