import { describe, expect, it } from 'vitest';
import { REFUSAL_REASONS } from './answers';
import { outcomeWords } from './outcome-words';

describe('the action log says what happened in words (the stored outcome stays a code)', () => {
  it("a user's cancel reads as theirs, a timeout as a timeout", () => {
    expect(outcomeWords('declined:cancelled')).toBe('cancelled by you');
    expect(outcomeWords('declined:expired')).toBe('timed out: nobody answered');
  });

  it('every refusal reason has words of its own, none of them a code', () => {
    const words = REFUSAL_REASONS.map((r) => outcomeWords(`declined:${r}`));
    expect(new Set(words).size).toBe(REFUSAL_REASONS.length);
    for (const w of words) expect(w).not.toMatch(/[A-Z_]{4,}|declined:|-/);
  });

  it('done, refused before sending, failed after sending, and a remembered rule after the outcome', () => {
    expect(outcomeWords('ok')).toBe('done');
    expect(outcomeWords('refused:X_NOT_ALLOWED')).toBe(
      'refused by the host, not sent: not allowed from there',
    );
    expect(outcomeWords('SERVICE_UNAVAILABLE')).toBe('failed: the server was unavailable');
    expect(outcomeWords('ok (approved by a remembered rule (always))')).toBe(
      'done (approved by a remembered rule (always))',
    );
    expect(outcomeWords('tool-changed')).toBe('the tool changed after you trusted it');
  });

  it("MCP 2025-11-25 client/sampling: a sampling request's outcomes in words", () => {
    expect(outcomeWords('refused:rate-limited')).toBe(
      'refused by the host, not sent: too many sampling requests from this server',
    );
    expect(outcomeWords('MODEL_ERROR')).toBe('failed: the model could not answer');
    expect(outcomeWords('ok (approved by a remembered rule (always, this server))')).toBe(
      'done (approved by a remembered rule (always, this server))',
    );
  });

  it('rows written before reasons were stored, and codes it does not know, still show something', () => {
    expect(outcomeWords('declined:AUTH_REQUIRED')).toBe('declined: a confirmation or sign-in was missing');
    expect(outcomeWords('X_SOMETHING_NEW')).toBe('failed: X_SOMETHING_NEW');
  });
});
