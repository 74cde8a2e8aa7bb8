import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUSY_UTILIZATION, IDLE_UTILIZATION, idleGcStep, startIdleGc } from './idle-gc';

/**
 * A heap after a burst, in a process started as the host's Next server is (--expose-gc): the burst's
 * objects in the old generation, one in twenty still alive and scattered over its pages; then one
 * idle collection.
 */
const COLLECTING = `
import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from ${JSON.stringify(fileURLToPath(new URL('./idle-gc.ts', import.meta.url)))};
let burst = [];
for (let i = 0; i < 400000; i++) burst.push({ text: 'x'.repeat(40) + i, pair: [i] });
gc();
const survivors = burst.filter((_, i) => i % 20 === 0);
burst = null;
const heap = () => getHeapStatistics();
const before = heap();
collectGarbage(globalThis.gc);
const after = heap();
console.log(JSON.stringify({ survivors: survivors.length, usedBefore: before.used_heap_size, usedAfter: after.used_heap_size, heapBefore: before.total_heap_size, heapAfter: after.total_heap_size }));
`;

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

  it('the collection frees the old generation and gives back the pages its survivors were scattered over', () => {
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', COLLECTING],
      { encoding: 'utf8' },
    );
    const run = JSON.parse(output) as Record<'usedBefore' | 'usedAfter' | 'heapBefore' | 'heapAfter', number>;
    expect(run.usedBefore).toBeGreaterThan(60 * 1024 * 1024);
    // Freed: Node 20 ran only a young-generation collection for gc({ type: 'major' }).
    expect(run.usedAfter).toBeLessThan(run.usedBefore / 4);
    // Given back: without compaction each page holding a survivor stays.
    expect(run.heapAfter).toBeLessThan(run.heapBefore / 3);
  });

  it('does nothing where the process has no gc (started without --expose-gc)', () => {
    expect(startIdleGc(null)).toBe(false);
  });
});
