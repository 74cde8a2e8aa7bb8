import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_BACKOFF, nextRestart, type RestartPlan, restartLine } from './restart-backoff';

const quick = 100;
const { firstDelayMs, maxDelayMs, healthyAfterMs } = DEFAULT_RESTART_BACKOFF;

function deaths(count: number, upMs = quick): RestartPlan[] {
  const plans: RestartPlan[] = [];
  for (let i = 0; i < count; i++) plans.push(nextRestart(plans.at(-1), upMs));
  return plans;
}

describe('the supervisor restarts what it supervises, backing off (npm start)', () => {
  it('the first death is restarted after the first delay', () => {
    expect(nextRestart(undefined, quick)).toEqual({ attempt: 1, delayMs: firstDelayMs });
  });

  it('deaths in a row wait twice as long each time, up to the ceiling: never a hot loop', () => {
    const plans = deaths(12);
    expect(plans.map((p) => p.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(plans.slice(0, 4).map((p) => p.delayMs)).toEqual([500, 1_000, 2_000, 4_000]);
    for (const [i, plan] of plans.entries()) {
      expect(plan.delayMs).toBeLessThanOrEqual(maxDelayMs);
      if (i > 0) expect(plan.delayMs).toBeGreaterThanOrEqual(plans[i - 1]?.delayMs ?? 0);
    }
    expect(plans.at(-1)?.delayMs).toBe(maxDelayMs);
  });

  it('a process that stayed up long enough is healthy again: its next death starts over', () => {
    const [, second] = deaths(2);
    expect(nextRestart(second, healthyAfterMs)).toEqual({ attempt: 1, delayMs: firstDelayMs });
    expect(nextRestart(second, healthyAfterMs - 1).attempt).toBe(3);
  });

  it('the log line names the process, how it stopped, the wait, and repeated deaths', () => {
    expect(restartLine('restaurant', 'SIGKILL', { attempt: 1, delayMs: 500 })).toBe(
      'restaurant stopped (SIGKILL); restarting it in 500 ms. The host keeps serving.',
    );
    expect(restartLine('vault', 'exit 1', { attempt: 4, delayMs: 4_000 })).toBe(
      'vault stopped (exit 1); restarting it in 4 s (4 deaths in a row; backing off). The host keeps serving.',
    );
  });
});
