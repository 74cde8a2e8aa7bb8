// No `server-only`: the host's server bundle runs this outside Next (see host-listener.ts).
import type { ServerResponse } from 'node:http';

// Node holds a response's writes until the next tick (it corks the response). A model's burst of events
// is parsed and transformed in one run of microtasks, so the first token would wait for the whole
// burst: the lane sends the first writes of a burst at once, and the rest at most this often within
// such a run. What comes in the answer's first such span (a turn's start, before the model is asked)
// leaves with the tick: the model's request goes out first, and the start shares a write with what
// follows.
// The response is uncorked, not its socket: from Node 22 a response keeps a corked stream's chunks
// itself and sends them as one chunk when it is uncorked; uncorking only the socket left them there
// to the tick's end and then sent each in four writes (its size, a line end, the data, a line end).
const FLUSH_EVERY_MS = 2;
/** Writes of a burst that go at once: a step's start, its text's start and the first token. */
const BURST_HEAD = 3;

/**
 * Called after each write of an event stream: sends what the response holds now, or leaves it to
 * the tick's end. The first writes of a burst go at once (a step's start, its first token): the rest
 * of the burst at most every FLUSH_EVERY_MS.
 */
export function eventStreamFlusher(res: ServerResponse): () => void {
  const startedAt = performance.now();
  let flushedAt = startedAt;
  let wroteAt = startedAt;
  let inBurst = 0;
  return () => {
    const now = performance.now();
    inBurst = now - wroteAt >= FLUSH_EVERY_MS ? 1 : inBurst + 1;
    wroteAt = now;
    if (now - startedAt < FLUSH_EVERY_MS) return;
    if (inBurst > BURST_HEAD && now - flushedAt < FLUSH_EVERY_MS) return;
    // Only the write's own cork: Node 22 and later count a response's corks below zero.
    if (res.writableCorked > 0) res.uncork();
    flushedAt = now;
  };
}
