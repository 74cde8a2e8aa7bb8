import { describe, expect, it } from 'vitest';
import { classify, promptTimedOut } from './ceremony';

describe('passkey ceremony failures, told apart where WebAuthn lets them be', () => {
  it('a dismissed prompt, a time-out and no passkey on this device are one NotAllowedError: cancelled', () => {
    expect(classify(new DOMException('x', 'NotAllowedError'))).toBe('cancelled');
    expect(classify(new DOMException('x', 'AbortError'))).toBe('cancelled');
    expect(classify({ cause: { name: 'NotAllowedError' } })).toBe('cancelled');
    expect(classify(new DOMException('x', 'SecurityError'))).toBe('ceremony-failed');
  });

  it('only the time tells a time-out: the prompt ended at the time its options gave it', () => {
    expect(promptTimedOut(55_000, 55_000)).toBe(true);
    expect(promptTimedOut(55_000, 53_000)).toBe(true);
    expect(promptTimedOut(55_000, 1_200)).toBe(false);
    expect(promptTimedOut(undefined, 600_000)).toBe(false);
    expect(promptTimedOut(0, 10)).toBe(false);
  });
});
