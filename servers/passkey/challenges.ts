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

/**
 * What an enrolment assertion is bound to: adding a credential for this user. Its keys differ from
 * a call binding's (`server`, `tool`, `arguments`), so the two hashes can never coincide.
 */
export function enrolmentBinding(userId: string): string {
  return JSON.stringify({ purpose: 'enrol a new credential', user: userId });
}

export interface EnrolmentChallenge {
  challenge: string;
  userId: string;
  expiresAt: number;
  used: boolean;
}

/**
 * Action challenges and enrolment challenges live in separate books: a challenge is taken only
 * from the book of the purpose it was issued for, so an action assertion never proves an
 * enrolment and an enrolment assertion never authorises a call.
 */
export class ChallengeBook {
  constructor(private readonly assertionTtlMs = ASSERTION_TTL_MS) {}

  private readonly assertions = new Map<string, AssertionChallenge>();
  private readonly enrolments = new Map<string, EnrolmentChallenge>();
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

  issueEnrolment(userId: string, now = Date.now()): EnrolmentChallenge {
    this.sweep(now);
    const { challenge } = newAssertionChallenge(enrolmentBinding(userId));
    const record = { challenge, userId, expiresAt: now + this.assertionTtlMs, used: false };
    this.enrolments.set(challenge, record);
    return record;
  }

  /** Takes an enrolment challenge for verification; it is spent whatever the outcome. */
  takeEnrolment(challenge: string, userId: string): EnrolmentChallenge | { error: string } {
    const record = this.enrolments.get(challenge);
    if (!record) return { error: 'the challenge was not issued to enrol a credential' };
    if (record.used) return { error: 'the challenge was already used (replay)' };
    record.used = true;
    if (Date.now() > record.expiresAt) return { error: 'the challenge expired' };
    if (record.userId !== userId) return { error: 'the challenge was issued for another user' };
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
    for (const book of [this.assertions, this.enrolments])
      for (const [key, record] of book) if (now > record.expiresAt + 60_000) book.delete(key);
  }
}
