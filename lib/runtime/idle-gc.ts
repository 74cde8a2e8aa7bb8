import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/**
 * After a burst of work V8 keeps the heap it grew (old space, and the young generation's
 * 32 MB) until something allocates again; on an idle host nothing does, so its memory stayed at
 * the peak. When the event loop has gone quiet after work, the host asks V8 for one full collection
 * that also gives memory back. Runs in the Next server (instrumentation.ts, started with
 * --expose-gc); no `server-only` import here, as instrumentation is not a React Server context.
 */

/** A window with the event loop busier than this counts as work since the last collection. */
export const BUSY_UTILIZATION = 0.05;
/** A window with the event loop less busy than this is idle. */
export const IDLE_UTILIZATION = 0.01;
export const IDLE_GC_WINDOW_MS = 5_000;

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

/** `globalThis.gc` under --expose-gc; the options form asks for a last-resort collection. */
type Collect = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One full, synchronous, compacting collection that gives the freed pages back. Two calls, as no
 * one call does both on every Node the host runs on (measured, lib/runtime/idle-gc.test.ts):
 * - `gc()` with `--compact-on-every-full-gc` set for it: the objects that outlive a burst are
 *   scattered over the pages it filled, and without compaction each page with one survivor stays
 *   (435 MB of heap kept for 23 MB of live objects; compacted, 56 MB). Node 22 and 24 keep the
 *   emptied pages in V8's pool, so RSS stays where it was.
 * - `gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })`: on Node 22 and 24 it
 *   collects and releases the pool (RSS 450 -> 75 MB); Node 20's V8 runs only a young-generation
 *   collection for it (its memory reducer gives the pages back after the first call).
 */
export function collectGarbage(collect: Collect): void {
  const compacting = setFlag('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    if (compacting) setFlag('--no-compact-on-every-full-gc');
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
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

const LISTENERS_KEY = Symbol.for('mcplet.idleCollection');

/** One set per process: Next's instrumentation and the routes are separate module graphs. */
function listeners(): Set<() => void> {
  const holder = globalThis as { [LISTENERS_KEY]?: Set<() => void> };
  holder[LISTENERS_KEY] ??= new Set();
  return holder[LISTENERS_KEY];
}

/**
 * `listener` runs after each idle collection: for a thread with a heap of its own (the database
 * thread's garbage comes from the same burst). Returns the call that stops it.
 */
export function onIdleCollection(listener: () => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** The idle collection: this thread's heap, then each listener's. */
export function idleCollection(collect: Collect): void {
  collectGarbage(collect);
  for (const listener of listeners()) listener();
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
    if (step.collect) idleCollection(collect);
  }, IDLE_GC_WINDOW_MS);
  timer.unref();
  return true;
}
