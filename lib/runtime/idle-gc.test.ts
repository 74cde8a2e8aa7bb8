import { describe, expect, it } from 'vitest';
import { BUSY_UTILIZATION, IDLE_UTILIZATION, idleGcStep, startIdleGc } from './idle-gc';

describe('idle collection (issue 14: memory back after a burst)', () => {
  it('collects once, in the first quiet window after work', () => {
    let state = { worked: false };
    const verdicts: boolean[] = [];
    for (const utilization of [0.5, 0.9, 0.2, 0.001, 0.001, 0.002]) {
      const step = idleGcStep(state, utilization);
      verdicts.push(step.collect);
      state = step.state;
    }
    expect(verdicts).toEqual([false, false, false, true, false, false]);
  });

  it('never collects on a host that has done no work, nor while it is still somewhat busy', () => {
    expect(idleGcStep({ worked: false }, 0).collect).toBe(false);
    const between = (BUSY_UTILIZATION + IDLE_UTILIZATION) / 2;
    const step = idleGcStep({ worked: true }, between);
    expect(step).toEqual({ collect: false, state: { worked: true } });
    expect(idleGcStep({ worked: true }, BUSY_UTILIZATION * 2).collect).toBe(false);
  });

  it('does nothing where the process has no gc (started without --expose-gc)', () => {
    expect(startIdleGc(null)).toBe(false);
  });
});
