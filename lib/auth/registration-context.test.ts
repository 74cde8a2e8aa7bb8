import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX,
  type FoundLink,
  linkContext,
  parseRegistrationContext,
  registrationDecision,
  signUpContext,
} from './registration-context';

const NAME_NEEDED = { ok: false, error: 'Signing up needs a name for the account.' };

describe('what a passkey registration without a session carries', () => {
  it('round-trips a sign-up, trimmed and without control characters, with or without an invitation', () => {
    expect(parseRegistrationContext(signUpContext('  Ada\u0007 Lovelace '))).toEqual({
      ok: true,
      context: { name: 'Ada Lovelace' },
    });
    expect(parseRegistrationContext(signUpContext('Ada', 'tok'))).toEqual({
      ok: true,
      context: { name: 'Ada', invite: 'tok' },
    });
    expect(parseRegistrationContext(linkContext('tok'))).toEqual({ ok: true, context: { link: 'tok' } });
  });

  it.each([
    ['no context', null],
    ['not JSON', '{'],
    ['JSON that is not an object', '"x"'],
    ['no name', '{}'],
    ['a blank name', signUpContext('   ')],
    ['a name that is not text', '{"name":42}'],
  ])('refuses %s with a message', (_case, raw) => {
    expect(parseRegistrationContext(raw)).toEqual(NAME_NEEDED);
  });

  it('refuses a name that is too long', () => {
    expect(parseRegistrationContext(signUpContext('x'.repeat(DISPLAY_NAME_MAX + 1))).ok).toBe(false);
  });
});

describe('who a registration without a session is for', () => {
  const invitation: FoundLink = { purpose: 'invitation', userId: null, userName: null };
  const device: FoundLink = { purpose: 'device', userId: 'u1', userName: 'Ada' };
  const recovery: FoundLink = { purpose: 'recovery', userId: 'u1', userName: 'Ada' };

  it('open sign-up makes a new account from a name alone', () => {
    expect(registrationDecision('open', { name: 'Bo' }, null)).toEqual({
      ok: true,
      kind: 'new-account',
      name: 'Bo',
    });
  });

  it('sign-up by invitation needs a live invitation', () => {
    expect(registrationDecision('invitation', { name: 'Bo' }, null)).toMatchObject({
      ok: false,
      error: expect.stringContaining('by invitation'),
    });
    expect(registrationDecision('invitation', { name: 'Bo', invite: 't' }, invitation)).toMatchObject({
      ok: true,
      kind: 'new-account',
    });
    expect(registrationDecision('invitation', { name: 'Bo', invite: 't' }, null).ok).toBe(false);
    // A device link is not an invitation.
    expect(registrationDecision('invitation', { name: 'Bo', invite: 't' }, device).ok).toBe(false);
  });

  it('an existing account is reached only through its own device or recovery link', () => {
    for (const link of [device, recovery])
      expect(registrationDecision('open', { link: 't' }, link)).toEqual({
        ok: true,
        kind: 'existing-account',
        userId: 'u1',
        name: 'Ada',
      });
    expect(registrationDecision('open', { link: 't' }, null).ok).toBe(false);
    expect(registrationDecision('open', { link: 't' }, invitation).ok).toBe(false);
  });
});
