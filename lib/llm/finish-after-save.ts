import 'server-only';
import type { UIMessageChunk } from 'ai';
import { REPLY_SAVE_PART, type ReplyNotSaved } from '../chat/reply-save-part';

/**
 * The turn's stream with its `finish` held back until the reply's save has an outcome: a client
 * told the reply finished cleanly may trust that it was stored. `saving` resolves to null when the
 * reply was stored (or there was nothing to store); then the held `finish` goes out. Otherwise the
 * client gets the not-saved part in its place, so the reply stays on screen marked, never shown as
 * a complete one.
 *
 * The AI SDK calls `onEnd` in the flush of the last stage of `createUIMessageStream`, after the
 * `finish` chunk has gone through it; this stage comes after that one, so its flush runs only once
 * `onEnd` has returned. It still waits for `saving` itself rather than lean on that order.
 */
export function finishAfterSave(
  saving: Promise<ReplyNotSaved | null>,
): TransformStream<UIMessageChunk, UIMessageChunk> {
  let finish: UIMessageChunk | null = null;
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.type === 'finish') finish = chunk;
      else controller.enqueue(chunk);
    },
    async flush(controller) {
      const notSaved = await saving;
      if (notSaved) controller.enqueue({ type: REPLY_SAVE_PART, id: 'reply-save', data: notSaved });
      else if (finish) controller.enqueue(finish);
    },
  });
}
