import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/**
 * Issue 14: after a burst of work V8 keeps the heap it grew (old space, and the young generation's
 * 32 MB) until something allocates again; on an idle host nothing does, so its memory stayed at
 * the peak. When the event loop has gone quiet after work, the host asks V8 for one full collection
 * that also gives memory back. Runs in the Next server (instrumentation.ts, started with
 * --expose-gc); no `server-only` import here, as instrumentation is not a React Server context.
 */

/** A window with the event loop busier than this counts as work since the last collection. */
export const BUSY_UTILIZATION = 0.05;
/** A window with the event loop less busy than this is idle. */
export const IDLE_UTILIZATION = 0.01;
export const IDLE_GC_WINDOW_MS = 10_000;

export interface IdleGcState {
  /** Work happened since the last collection (or since the start). */
  worked: boolean;
}

/** One window's verdict: collect now (quiet after work), and what to remember. */
export function idleGcStep(
  state: IdleGcState,
  utilization: number,
): { collect: boolean; state: IdleGcState } {
  if (utilization > BUSY_UTILIZATION) return { collect: false, state: { worked: true } };
  if (state.worked && utilization < IDLE_UTILIZATION) return { collect: true, state: { worked: false } };
  return { collect: false, state };
}

type Collect = () => void;

/**
 * One full, synchronous, compacting collection. `gc()` with no options: Node 20's V8 takes the
 * options form (`{ type: 'major', flavor: 'last-resort' }`) for a young-generation collection only.
 * Compacting for this one collection: the objects that outlive a burst are scattered over the pages
 * it filled, and each page with one survivor stays (measured: 435 MB of heap kept for 23 MB of live
 * objects; compacted, 56 MB).
 */
export function collectGarbage(collect: Collect): void {
  const compacting = setFlag('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    if (compacting) setFlag('--no-compact-on-every-full-gc');
  }
}

/** A V8 flag set at run time; false where this Node refuses it (then the collection does not compact). */
function setFlag(flag: string): boolean {
  try {
    setFlagsFromString(flag);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the check every IDLE_GC_WINDOW_MS; false when there is nothing to collect with (this process
 * was not started with --expose-gc). `null` stands for that explicitly: `undefined` takes the default.
 */
export function startIdleGc(collect: Collect | null = (globalThis as { gc?: Collect }).gc ?? null): boolean {
  if (collect === null) return false;
  let state: IdleGcState = { worked: false };
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const step = idleGcStep(state, performance.eventLoopUtilization(now, last).utilization);
    last = now;
    state = step.state;
    if (step.collect) collectGarbage(collect);
  }, IDLE_GC_WINDOW_MS);
  timer.unref();
  return true;
}
