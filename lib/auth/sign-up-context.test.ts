import { describe, expect, it } from 'vitest';
import { DISPLAY_NAME_MAX, parseSignUpContext, signUpContext } from './sign-up-context';

describe('issue 16 item 2: the sign-up context a passkey registration carries', () => {
  it('round-trips a name, trimmed and without control characters', () => {
    expect(parseSignUpContext(signUpContext('  Ada\u0007 Lovelace '))).toEqual({
      ok: true,
      name: 'Ada Lovelace',
    });
  });

  it.each([
    ['no context', null],
    ['not JSON', '{'],
    ['no name', '{}'],
    ['a blank name', signUpContext('   ')],
    ['a name that is not text', '{"name":42}'],
  ])('refuses %s with a message', (_case, raw) => {
    expect(parseSignUpContext(raw)).toEqual({ ok: false, error: 'Signing up needs a name for the account.' });
  });

  it('refuses a name that is too long', () => {
    const result = parseSignUpContext(signUpContext('x'.repeat(DISPLAY_NAME_MAX + 1)));
    expect(result.ok).toBe(false);
  });
});
