import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOST_NODE_VERSION } from '@/lib/config/host-node';
import { cachedNode } from '@/scripts/cached-node';
import {
  BUSY_UTILIZATION,
  IDLE_UTILIZATION,
  idleCollection,
  idleGcStep,
  onIdleCollection,
  startIdleGc,
} from './idle-gc';

/**
 * A heap after a burst, in a process started as the host's Next server is (--expose-gc): the burst's
 * objects in the old generation, one in twenty still alive and scattered over its pages; then one
 * idle collection.
 */
const COLLECTING = `
import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from ${JSON.stringify(fileURLToPath(new URL('./idle-gc.ts', import.meta.url)))};
let burst = [];
for (let i = 0; i < 600000; i++) burst.push({ text: 'x'.repeat(40) + i, pair: [i] });
gc();
const survivors = burst.filter((_, i) => i % 20 === 0);
burst = null;
const heap = () => getHeapStatistics().total_heap_size;
const used = () => getHeapStatistics().used_heap_size;
const rss = () => process.memoryUsage().rss;
const before = { used: used(), heap: heap(), rss: rss() };
collectGarbage(globalThis.gc);
const after = { used: used(), heap: heap() };
// Node 20's V8 gives the pages back from its memory reducer, a moment after the collection.
const deadline = Date.now() + 5000;
while (before.rss - rss() < (before.heap - after.heap) / 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
console.log(JSON.stringify({ survivors: survivors.length, usedBefore: before.used, usedAfter: after.used, heapBefore: before.heap, heapAfter: after.heap, rssBefore: before.rss, rssAfter: rss() }));
`;

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('idle collection (memory back after a burst)', () => {
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

  // The Node running the tests, and the one the host server runs on (scripts/start.ts).
  const nodes = [
    { name: `this Node ${process.versions.node}`, binary: () => process.execPath },
    {
      name: `Node ${HOST_NODE_VERSION}`,
      binary: () => cachedNode(root, HOST_NODE_VERSION, 'the idle collection test'),
    },
  ];
  it.each(nodes)(
    'on $name the collection frees the old generation, compacts it and gives the memory back',
    ({ binary }) => {
      const output = execFileSync(
        binary(),
        ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', COLLECTING],
        {
          encoding: 'utf8',
        },
      );
      const run = JSON.parse(output) as Record<
        'usedBefore' | 'usedAfter' | 'heapBefore' | 'heapAfter' | 'rssBefore' | 'rssAfter',
        number
      >;
      expect(run.usedBefore).toBeGreaterThan(60 * 1024 * 1024);
      // Freed: Node 20 ran only a young-generation collection for gc({ type: 'major' }).
      expect(run.usedAfter).toBeLessThan(run.usedBefore / 4);
      // Compacted: without it each page holding a survivor stays.
      expect(run.heapAfter).toBeLessThan(run.heapBefore / 3);
      // Given back to the system: Node 22 and 24 keep a plain gc()'s emptied pages in V8's pool.
      expect(run.rssBefore - run.rssAfter).toBeGreaterThan((run.heapBefore - run.heapAfter) / 2);
    },
    30_000,
  );

  it('does nothing where the process has no gc (started without --expose-gc)', () => {
    expect(startIdleGc(null)).toBe(false);
  });

  it("tells each listener after this thread's collection, until it stops listening", () => {
    const heard: string[] = [];
    const stop = onIdleCollection(() => heard.push('listener'));
    idleCollection(() => heard.push('collect'));
    stop();
    idleCollection(() => heard.push('collect'));
    // The compacting gc() and the last-resort one, then the listener; after stop() no listener.
    expect(heard).toEqual(['collect', 'collect', 'listener', 'collect', 'collect']);
  });
});
