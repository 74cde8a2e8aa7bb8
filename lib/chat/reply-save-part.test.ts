import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { notSavedSentence, replyNotSaved } from './reply-save-part';

const reply = (parts: UIMessage['parts']): UIMessage => ({ id: 'm', role: 'assistant', parts });

describe('the not-saved mark the chat reads from a reply', () => {
  it('reads the data part the stream sends in place of finish', () => {
    const mark = replyNotSaved(
      reply([
        { type: 'text', text: 'hello' },
        { type: 'data-reply-save', id: 'reply-save', data: { saved: false, reason: 'database', held: true } },
      ]),
    );
    expect(mark).toEqual({ saved: false, reason: 'database', held: true });
    expect(mark && notSavedSentence(mark)).toBe(
      'This reply could not be saved: the server cannot reach its database.',
    );
  });

  it('a reply without the part, or with an odd one, is not marked', () => {
    expect(replyNotSaved(reply([{ type: 'text', text: 'hello' }]))).toBeNull();
    expect(replyNotSaved(reply([{ type: 'data-reply-save', data: { saved: true } }]))).toBeNull();
    expect(replyNotSaved(reply([{ type: 'data-reply-save', data: null }]))).toBeNull();
  });

  it('an unknown reason reads as another error, and held only when it says so', () => {
    expect(replyNotSaved(reply([{ type: 'data-reply-save', data: { saved: false, reason: 'x' } }]))).toEqual({
      saved: false,
      reason: 'error',
      held: false,
    });
  });
});
