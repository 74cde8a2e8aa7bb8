import type { UIMessageChunk } from 'ai';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/** The server's last event on a chat stream (the AI SDK's wire format). */
const END = '[DONE]';

/**
 * The host's own chat stream (`/api/chat`, written by the AI SDK's typed writer on this origin's
 * server) as UI message chunks. The SDK's default reader validates every chunk with zod, deeply for
 * a tool's metadata: from a view's send to its boot that was about 7% of the page's main thread.
 * Here an event is checked only for what the chat's state machine switches on: an
 * object with a string `type`. Anything else ends the stream with an error the chat shows.
 * `observe` sees each chunk as it arrives, before the chat's state (and React) takes it.
 */
export function readChatEvents(
  stream: ReadableStream<Uint8Array>,
  observe: (chunk: UIMessageChunk) => void = () => {},
): ReadableStream<UIMessageChunk> {
  return stream
    .pipeThrough(decodeText())
    .pipeThrough(new EventSourceParserStream())
    .pipeThrough(
      new TransformStream({
        transform(event, controller) {
          if (event.data === END) return;
          const chunk = chunkOf(event.data);
          observe(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
}

/** UTF-8 text, a character split across reads kept whole (TextDecoderStream's writable takes no shared buffer). */
function decodeText(): TransformStream<Uint8Array, string> {
  const decoder = new TextDecoder();
  return new TransformStream({
    transform(bytes, controller) {
      controller.enqueue(decoder.decode(bytes, { stream: true }));
    },
    flush(controller) {
      const rest = decoder.decode();
      if (rest) controller.enqueue(rest);
    },
  });
}

function chunkOf(data: string): UIMessageChunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new Error(`The chat stream sent an unreadable event: ${data.slice(0, 80)}`);
  }
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string')
    throw new Error(`The chat stream sent an event that is not a message part: ${data.slice(0, 80)}`);
  // The shape past `type` is the server's own writer's (ai's UIMessageChunk), not re-checked here.
  return value as UIMessageChunk;
}
