import { type ChildProcess, spawn } from 'node:child_process';
import {
  DEFAULT_RESTART_BACKOFF,
  nextRestart,
  type RestartBackoff,
  type RestartPlan,
  restartLine,
} from '../lib/runtime/restart-backoff';

/** A process `npm start` runs, and what its death means. */
export interface SupervisedProcess {
  name: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  node?: string;
  /**
   * Restarted with backoff when it dies (the demo MCP servers, the passkey server: the host's MCP
   * connections and passkey client reconnect on their own). The host's own server is not: its death
   * stops everything.
   */
  restart: boolean;
}

interface Slot {
  spec: SupervisedProcess;
  child: ChildProcess;
  startedAt: number;
  plan?: RestartPlan;
  timer?: NodeJS.Timeout;
}

export interface SupervisorOptions {
  backoff?: RestartBackoff;
  log?: (line: string) => void;
  /** Called once when everything has been stopped, with the exit code to leave with. */
  onStopped?: (code: number) => void;
  /** How long stopping waits for the children before it gives up on them. */
  stopTimeoutMs?: number;
}

/**
 * The supervisor of `npm start`: runs each process, restarts the ones that may be restarted (with
 * backoff and a log line, docs/architecture.md), and stops everything when one that may not dies or
 * when asked.
 */
export class Supervisor {
  private readonly slots = new Map<string, Slot>();
  private stopping = false;
  private readonly backoff: RestartBackoff;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SupervisorOptions = {}) {
    this.backoff = options.backoff ?? DEFAULT_RESTART_BACKOFF;
    this.log = options.log ?? ((line) => console.error(line));
  }

  run(spec: SupervisedProcess): ChildProcess {
    const child = spawn(spec.node ?? process.execPath, spec.args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: spec.env ?? process.env,
      shell: false,
    });
    const slot: Slot = { spec, child, startedAt: Date.now(), plan: this.slots.get(spec.name)?.plan };
    this.slots.set(spec.name, slot);
    child.on('exit', (code, signal) => this.died(slot, signal ?? `exit ${code}`, code));
    return child;
  }

  /** The process running under this name now (a restart replaces it). */
  current(name: string): ChildProcess | undefined {
    return this.slots.get(name)?.child;
  }

  private died(slot: Slot, how: string, code: number | null) {
    if (this.stopping || this.slots.get(slot.spec.name) !== slot) return;
    if (!slot.spec.restart) {
      this.log(`${slot.spec.name} stopped (${how}); stopping the host.`);
      this.stopAll(code ?? 1);
      return;
    }
    const plan = nextRestart(slot.plan, Date.now() - slot.startedAt, this.backoff);
    slot.plan = plan;
    this.log(restartLine(slot.spec.name, how, plan));
    slot.timer = setTimeout(() => {
      if (!this.stopping) this.run(slot.spec);
    }, plan.delayMs);
  }

  /** Stops every process (a pending restart included) and reports the code once all have exited. */
  stopAll(code: number): void {
    if (this.stopping) return;
    this.stopping = true;
    const running = [...this.slots.values()];
    for (const slot of running) {
      clearTimeout(slot.timer);
      if (slot.child.exitCode === null && slot.child.signalCode === null) slot.child.kill('SIGTERM');
    }
    const done = () => this.options.onStopped?.(code);
    const timeout = setTimeout(done, this.options.stopTimeoutMs ?? 3_000);
    timeout.unref();
    void Promise.all(
      running.map(
        ({ child }) =>
          new Promise((resolve) =>
            child.exitCode !== null || child.signalCode !== null
              ? resolve(null)
              : child.once('exit', resolve),
          ),
      ),
    ).then(() => {
      clearTimeout(timeout);
      done();
    });
  }
}
