import 'server-only';
import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from 'ai';
import { log } from '../log/logger';
import { cancelRunningCall } from './running-calls';
import { type RunningTurn, turnRelay } from './turn-relay';

/**
 * The chat turns running in this process, so a reload can pick a reply up where it
 * is. A turn runs to its end whether or not a browser reads it; it stops only when asked (Stop).
 * Each keeps the events sent so far: a reader that joins late gets them all, then the rest live.
 * With several instances a reader or a Stop reaching another instance goes through the
 * turn relay (lib/llm/turn-relay.ts), which asks the instance running the turn.
 */
interface ActiveStream {
  /** Each chunk as the server-sent event the browser receives, encoded once for every reader. */
  events: string[];
  done: boolean;
  readers: Set<() => void>;
  /** Readers on other instances (through the relay): each event as it comes, then `null` at the end. */
  taps: Set<(event: string | null) => void>;
  stop: AbortController;
}

/**
 * A finished turn stays readable this long. A page rendered before the reply was saved asks to
 * resume it; if the turn ended meanwhile, that page gets the whole reply rather than nothing.
 */
export const FINISHED_KEPT_MS = 30_000;
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
 * still running in the same conversation is stopped first: one reply streams at a time. `turn` is
 * told when the stream has ended (its reply, if any, stored by then), to clear its running marker;
 * no chunk reaches a reader before the marker is `recorded`, so a reply seen to begin is one a crash
 * leaves marked (lib/llm/interrupted-turns.ts).
 */
export function startActiveStream(
  userId: string,
  conversationId: string,
  start: (signal: AbortSignal) => ReadableStream<UIMessageChunk>,
  turn?: { recorded?: Promise<void>; ended(): void },
): ReadableStream<Uint8Array> {
  const key = keyOf(userId, conversationId);
  streams.get(key)?.stop.abort();
  const entry: ActiveStream = {
    events: [],
    done: false,
    readers: new Set(),
    taps: new Set(),
    stop: new AbortController(),
  };
  streams.set(key, entry);
  const shared = turnRelay().running(userId, conversationId, relayed(entry, userId, conversationId));
  const wake = () => {
    for (const reader of entry.readers) reader();
  };
  void (async () => {
    const reader = start(entry.stop.signal).getReader();
    let recorded = turn?.recorded;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (recorded) {
          await recorded;
          recorded = undefined;
        }
        if (entry.events.length < MAX_CHUNKS) {
          const event = `data: ${JSON.stringify(value)}\n\n`;
          entry.events.push(event);
          for (const tap of entry.taps) tap(event);
        }
        wake();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log('error', '[chat] the turn stream failed:', { error: message });
    } finally {
      entry.done = true;
      turn?.ended();
      for (const tap of entry.taps) tap(null);
      wake();
      const forget = setTimeout(() => {
        if (streams.get(key) === entry) streams.delete(key);
        shared.ended();
      }, FINISHED_KEPT_MS);
      forget.unref?.();
    }
  })();
  return follow(entry);
}

/** The turn as the relay reads it for readers on other instances. */
function relayed(entry: ActiveStream, userId: string, conversationId: string): RunningTurn {
  return {
    snapshot: () => ({ events: [...entry.events], done: entry.done }),
    listen(listener) {
      entry.taps.add(listener);
      return () => entry.taps.delete(listener);
    },
    stop: () => entry.stop.abort(),
    cancelCall: (toolCallId) => {
      cancelRunningCall(userId, conversationId, toolCallId);
    },
  };
}

/**
 * The running turn of a conversation, from its first chunk, here or on another instance of the
 * deployment; else one that ended here less than FINISHED_KEPT_MS ago; else null.
 */
export async function resumeActiveStream(
  userId: string,
  conversationId: string,
): Promise<ReadableStream<Uint8Array> | null> {
  const entry = streams.get(keyOf(userId, conversationId));
  if (entry && !entry.done) return follow(entry);
  const remote = await turnRelay().follow(userId, conversationId);
  if (!remote) return entry ? follow(entry) : null;
  return remote.pipeThrough(
    new TransformStream<string, Uint8Array>({
      transform: (text, controller) => controller.enqueue(encoder.encode(text)),
      flush: (controller) => controller.enqueue(encoder.encode(END_EVENT)),
    }),
  );
}

/** Stops the running turn of a conversation (the user's Stop), here or on another instance; false when none was running. */
export async function stopActiveStream(userId: string, conversationId: string): Promise<boolean> {
  const entry = streams.get(keyOf(userId, conversationId));
  if (!entry || entry.done) return turnRelay().stop(userId, conversationId);
  entry.stop.abort();
  return true;
}

/**
 * Cancels one tool call of the conversation's running turn (Cancel on its card), here or on another
 * instance; false when no such call runs here and no turn of the conversation runs elsewhere.
 */
export async function cancelTurnCall(
  userId: string,
  conversationId: string,
  toolCallId: string,
): Promise<boolean> {
  if (cancelRunningCall(userId, conversationId, toolCallId)) return true;
  const entry = streams.get(keyOf(userId, conversationId));
  if (entry && !entry.done) return false;
  return turnRelay().cancelCall(userId, conversationId, toolCallId);
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
      // no-transform: the server's gzip would buffer and re-encode every event.
      'cache-control': 'no-cache, no-transform',
    },
  });
}
