/**
 * When a supervised process that died is started again (`npm start`'s demo MCP servers and passkey
 * server). Pure: the supervisor (scripts/supervisor.ts) asks it at each death.
 *
 * The first restart is quick, each further one waits twice as long, up to a ceiling, so a process
 * that dies at once is not restarted in a hot loop. A process that then stayed up long enough counts
 * as healthy again, and its next death starts from the first delay.
 */
export interface RestartBackoff {
  /** The wait before the first restart. */
  readonly firstDelayMs: number;
  /** The longest wait between restarts. */
  readonly maxDelayMs: number;
  /** Up this long, a process is healthy again: its next death is treated as the first. */
  readonly healthyAfterMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = Object.freeze({
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
});

export interface RestartPlan {
  /** How many deaths in a row, this one included, without a healthy run between them. */
  attempt: number;
  /** How long to wait before starting the process again. */
  delayMs: number;
}

/**
 * The plan after a death: `previous` is the plan of the death before (none for the first), `upMs`
 * how long the process ran this time.
 */
export function nextRestart(
  previous: RestartPlan | undefined,
  upMs: number,
  backoff: RestartBackoff = DEFAULT_RESTART_BACKOFF,
): RestartPlan {
  const attempt = previous && upMs < backoff.healthyAfterMs ? previous.attempt + 1 : 1;
  const delayMs = Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** (attempt - 1));
  return { attempt, delayMs };
}

/** The supervisor's log line for a death and its restart: what stopped, how, and when it comes back. */
export function restartLine(name: string, how: string, plan: RestartPlan): string {
  const again = plan.attempt > 1 ? ` (${plan.attempt} deaths in a row; backing off)` : '';
  const wait = plan.delayMs >= 1_000 ? `${Math.round(plan.delayMs / 1_000)} s` : `${plan.delayMs} ms`;
  return `${name} stopped (${how}); restarting it in ${wait}${again}. The host keeps serving.`;
}
