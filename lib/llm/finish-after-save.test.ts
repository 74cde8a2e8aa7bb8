import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ReplyNotSaved } from '../chat/reply-save-part';
import { finishAfterSave } from './finish-after-save';

const turn: UIMessageChunk[] = [
  { type: 'start', messageId: 'msg-1' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'hello' },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: 'stop' },
];

/** Runs the chunks through the stage; the outcome is given once everything but `finish` has passed. */
async function through(outcome: ReplyNotSaved | null) {
  let settle: (value: ReplyNotSaved | null) => void = () => {};
  const saving = new Promise<ReplyNotSaved | null>((resolve) => {
    settle = resolve;
  });
  const stage = finishAfterSave(saving);
  const writer = stage.writable.getWriter();
  const reader = stage.readable.getReader();
  const seen: UIMessageChunk[] = [];
  for (const chunk of turn) void writer.write(chunk);
  void writer.close();
  for (let i = 0; i < turn.length - 1; i++) {
    const { value } = await reader.read();
    if (value) seen.push(value);
  }
  const before = seen.map((c) => c.type);
  // Nothing more comes while the save has no outcome.
  const next = reader.read();
  const early = await Promise.race([next.then(() => 'chunk'), new Promise((r) => setTimeout(r, 50, 'none'))]);
  expect(early).toBe('none');
  settle(outcome);
  const first = await next;
  if (first.value) seen.push(first.value);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen.push(value);
  }
  return { before, after: seen.slice(turn.length - 1) };
}

describe('the stream finishes only once the reply is stored', () => {
  it('everything but finish passes at once; finish follows the save', async () => {
    const { before, after } = await through(null);
    expect(before).toEqual(['start', 'text-start', 'text-delta', 'text-end']);
    expect(after).toEqual([{ type: 'finish', finishReason: 'stop' }]);
  });

  it('a reply not stored: the not-saved part instead of finish', async () => {
    const notSaved: ReplyNotSaved = { saved: false, reason: 'database', held: true };
    const { after } = await through(notSaved);
    expect(after).toEqual([{ type: 'data-reply-save', id: 'reply-save', data: notSaved }]);
  });
});
