import 'server-only';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import { log } from '../log/logger';

/**
 * Issue 15 item 3: the chat turns running in this process, so a reload can pick a reply up where it
 * is. A turn runs to its end whether or not a browser reads it; it stops only when asked (Stop).
 * Each keeps the events sent so far: a reader that joins late gets them all, then the rest live.
 * In-process: the hosted mode (issue 16) moves this to Redis with the rest of its shared state.
 */
interface ActiveStream {
  /** Each chunk as the server-sent event the browser receives, encoded once for every reader. */
  events: string[];
  done: boolean;
  readers: Set<() => void>;
  stop: AbortController;
}

/** A turn that somehow keeps streaming beyond this is cut from replay (it still runs and is saved). */
const MAX_CHUNKS = 50_000;
const END_EVENT = 'data: [DONE]\n\n';
const encoder = new TextEncoder();

const holder = globalThis as unknown as { __mcpletActiveStreams?: Map<string, ActiveStream> };
holder.__mcpletActiveStreams ??= new Map();
const streams = holder.__mcpletActiveStreams;

function keyOf(userId: string, conversationId: string): string {
  return `${userId}\u0000${conversationId}`;
}

/**
 * Runs `start(signal)`'s stream to its end in the background and answers a reader of it. A turn
 * still running in the same conversation is stopped first: one reply streams at a time.
 */
export function startActiveStream(
  userId: string,
  conversationId: string,
  start: (signal: AbortSignal) => ReadableStream<UIMessageChunk>,
): ReadableStream<Uint8Array> {
  const key = keyOf(userId, conversationId);
  streams.get(key)?.stop.abort();
  const entry: ActiveStream = { events: [], done: false, readers: new Set(), stop: new AbortController() };
  streams.set(key, entry);
  const wake = () => {
    for (const reader of entry.readers) reader();
  };
  void (async () => {
    const reader = start(entry.stop.signal).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (entry.events.length < MAX_CHUNKS) entry.events.push(`data: ${JSON.stringify(value)}\n\n`);
        wake();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log('error', '[chat] the turn stream failed:', { error: message });
    } finally {
      entry.done = true;
      if (streams.get(key) === entry) streams.delete(key);
      wake();
    }
  })();
  return follow(entry);
}

/** The running turn of a conversation, from its first chunk, or null when none is running. */
export function resumeActiveStream(
  userId: string,
  conversationId: string,
): ReadableStream<Uint8Array> | null {
  const entry = streams.get(keyOf(userId, conversationId));
  return entry && !entry.done ? follow(entry) : null;
}

/** Stops the running turn of a conversation (the user's Stop); false when none was running. */
export function stopActiveStream(userId: string, conversationId: string): boolean {
  const entry = streams.get(keyOf(userId, conversationId));
  if (!entry || entry.done) return false;
  entry.stop.abort();
  return true;
}

/**
 * A reader of the turn's UI message stream as server-sent events (the AI SDK's wire format): what
 * has arrived since its last read goes out as one write, and `[DONE]` ends it.
 */
function follow(entry: ActiveStream): ReadableStream<Uint8Array> {
  let sent = 0;
  let waiting: (() => void) | null = null;
  const arrival = () =>
    new Promise<void>((resolve) => {
      waiting = resolve;
      entry.readers.add(resolve);
    }).finally(() => {
      if (waiting) entry.readers.delete(waiting);
      waiting = null;
    });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (sent >= entry.events.length && !entry.done) await arrival();
      const fresh = entry.events.slice(sent).join('');
      sent = entry.events.length;
      const text = entry.done ? fresh + END_EVENT : fresh;
      if (text) controller.enqueue(encoder.encode(text));
      if (entry.done) controller.close();
    },
    cancel() {
      // The reader left (a reload, a closed tab); the turn goes on.
      if (waiting) entry.readers.delete(waiting);
    },
  });
}

/** The response that carries a turn's events, with the headers the AI SDK's chat transport expects. */
export function activeStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      ...UI_MESSAGE_STREAM_HEADERS,
      // no-transform: the server's gzip would buffer and re-encode every event (issue 14).
      'cache-control': 'no-cache, no-transform',
    },
  });
}
