import { createHash, randomBytes } from 'node:crypto';

/** Assertion challenges live less than 60 s (spec 7.3.2) and are single-use. */
export const ASSERTION_TTL_MS = 55_000;
export const REGISTRATION_TTL_MS = 300_000;

export interface AssertionChallenge {
  challenge: string;
  userId: string;
  bindingHash: string;
  expiresAt: number;
  used: boolean;
}

export function bindingHash(canonicalBinding: string): Buffer {
  return createHash('sha256').update(canonicalBinding).digest();
}

/**
 * The challenge is a server nonce followed by the SHA-256 of the canonical call (server, tool,
 * arguments), so an assertion can be checked to authorise exactly that call.
 */
export function newAssertionChallenge(canonicalBinding: string): { challenge: string; bindingHash: string } {
  const hash = bindingHash(canonicalBinding);
  return {
    challenge: Buffer.concat([randomBytes(16), hash]).toString('base64url'),
    bindingHash: hash.toString('base64url'),
  };
}

export class ChallengeBook {
  constructor(private readonly assertionTtlMs = ASSERTION_TTL_MS) {}

  private readonly assertions = new Map<string, AssertionChallenge>();
  private readonly registrations = new Map<string, { challenge: string; expiresAt: number }>();

  issueAssertion(userId: string, canonicalBinding: string, now = Date.now()): AssertionChallenge {
    this.sweep(now);
    const { challenge, bindingHash: hash } = newAssertionChallenge(canonicalBinding);
    const record = {
      challenge,
      userId,
      bindingHash: hash,
      expiresAt: now + this.assertionTtlMs,
      used: false,
    };
    this.assertions.set(challenge, record);
    return record;
  }

  /** Takes a challenge for verification; it is spent whatever the outcome. */
  takeAssertion(challenge: string): AssertionChallenge | { error: string } {
    const record = this.assertions.get(challenge);
    if (!record) return { error: 'unknown challenge' };
    if (record.used) return { error: 'the challenge was already used (replay)' };
    record.used = true;
    if (Date.now() > record.expiresAt) return { error: 'the challenge expired' };
    return record;
  }

  issueRegistration(userId: string, challenge: string, now = Date.now()): void {
    this.registrations.set(userId, { challenge, expiresAt: now + REGISTRATION_TTL_MS });
  }

  takeRegistration(userId: string): string | null {
    const record = this.registrations.get(userId);
    this.registrations.delete(userId);
    if (!record || Date.now() > record.expiresAt) return null;
    return record.challenge;
  }

  private sweep(now: number) {
    for (const [key, record] of this.assertions)
      if (now > record.expiresAt + 60_000) this.assertions.delete(key);
  }
}
