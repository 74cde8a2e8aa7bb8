import { randomBytes } from 'node:crypto';

/**
 * The vault's side of the redemption contract (WebMCP sensitive-output proposal, section 4a): a
 * reference is redeemed once (a second GET answers 410), expires after its ttl (410), is unknown
 * otherwise (404), and too many attempts in a window answer 429. The clock is passed in, so the
 * rules are tested without waiting.
 */
export type Redemption = { status: 200; value: string } | { status: 404 | 410 | 429; message: string };

export interface IssuedReference {
  id: string;
  ttlSeconds: number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

export interface RedemptionLimits {
  /** Redemption attempts (any outcome) allowed per window before 429. */
  attemptsPerWindow: number;
  windowMs: number;
}

const DEFAULT_LIMITS: RedemptionLimits = { attemptsPerWindow: 30, windowMs: 60_000 };
/** Used or expired ids are remembered this long, so they answer 410 rather than 404. */
const TOMBSTONE_MS = 10 * 60_000;

export class RedemptionStore {
  private readonly live = new Map<string, Entry>();
  private readonly gone = new Map<string, number>();
  private window = { start: 0, attempts: 0 };

  constructor(private readonly limits: RedemptionLimits = DEFAULT_LIMITS) {}

  /** Keeps `value` behind a fresh, unguessable id until it is redeemed or `ttlSeconds` pass. */
  issue(value: string, ttlSeconds: number, now: number): IssuedReference {
    const id = `ref_${randomBytes(18).toString('base64url')}`;
    this.live.set(id, { value, expiresAt: now + ttlSeconds * 1000 });
    return { id, ttlSeconds };
  }

  redeem(id: string, now: number): Redemption {
    if (now - this.window.start >= this.limits.windowMs) this.window = { start: now, attempts: 0 };
    this.window.attempts += 1;
    if (this.window.attempts > this.limits.attemptsPerWindow)
      return { status: 429, message: 'Too many redemption attempts; try again in a minute.' };
    // Expired entries move to `gone` first, so they answer 410 below.
    this.sweep(now);
    const entry = this.live.get(id);
    if (entry) {
      this.live.delete(id);
      this.gone.set(id, now);
      return { status: 200, value: entry.value };
    }
    if (this.gone.has(id)) return { status: 410, message: 'This reference was already used or has expired.' };
    return { status: 404, message: 'No such reference.' };
  }

  private sweep(now: number): void {
    for (const [id, entry] of this.live) {
      if (entry.expiresAt <= now) {
        this.live.delete(id);
        this.gone.set(id, now);
      }
    }
    for (const [id, at] of this.gone) if (now - at > TOMBSTONE_MS) this.gone.delete(id);
  }
}
