import 'server-only';
import { unavailablePartOf } from '../http/host-errors';

/** How a reply's save is retried while the database is unreachable. */
export interface SaveRetry {
  /** No attempt starts after this many ms from the first, and one still running is given up at it. */
  boundMs: number;
  /** The wait before retry `n` (1 is the first retry), in ms. */
  backoff: (retry: number) => number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** The user waits at most this long for the reply to be stored before being told it was not. */
export const REPLY_SAVE_BOUND_MS = 30_000;

/**
 * 250 ms doubling up to 4 s, each wait drawn between half and all of that: instances that lost the
 * database together do not all knock at once when it comes back.
 */
export function replySaveBackoff(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(4_000, 250 * 2 ** Math.max(0, retry - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

const DEFAULT_RETRY: SaveRetry = {
  boundMs: REPLY_SAVE_BOUND_MS,
  backoff: (retry) => replySaveBackoff(retry),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type SaveOutcome =
  | { saved: true; attempts: number }
  | {
      saved: false;
      attempts: number;
      error: unknown;
      /** The database stayed unreachable through the bound; false when another error ended it at once. */
      unreachable: boolean;
    };

/** The error of an attempt that had not answered when the bound ran out (a connection that hangs). */
export class SaveTimeoutError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${Math.round(ms)} ms.`);
    this.name = 'SaveTimeoutError';
  }
}

/** Only an unreachable database is worth waiting for; any other error would fail the same way again. */
export function worthRetrying(error: unknown): boolean {
  return error instanceof SaveTimeoutError || unavailablePartOf(error) === 'database';
}

/**
 * `save()` run until it succeeds, retried with backoff while the database is unreachable, within the
 * bound; any other error ends it at once. A retry that could not start before the bound is not made.
 * `save` must be safe to run twice (an attempt given up at the bound may still land): the reply's
 * save is an upsert of one row.
 */
export async function saveWithRetry(
  save: () => Promise<void>,
  options: Partial<SaveRetry> = {},
): Promise<SaveOutcome> {
  const retry = { ...DEFAULT_RETRY, ...options };
  const deadline = retry.now() + retry.boundMs;
  for (let attempts = 1; ; attempts++) {
    try {
      await within(save(), deadline - retry.now());
      return { saved: true, attempts };
    } catch (error) {
      if (!worthRetrying(error)) return { saved: false, attempts, error, unreachable: false };
      const wait = retry.backoff(attempts);
      if (retry.now() + wait >= deadline) return { saved: false, attempts, error, unreachable: true };
      await retry.sleep(wait);
    }
  }
}

/**
 * The attempt, or a SaveTimeoutError once `ms` have passed. A real timer: it bounds a connection
 * that neither answers nor fails, which an injected clock cannot make happen.
 */
export function within(attempt: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SaveTimeoutError(ms)), Math.max(0, ms));
    timer.unref?.();
  });
  // An attempt given up at the bound may still fail later; nobody waits for it then.
  attempt.catch(() => undefined);
  return Promise.race([attempt, late]).finally(() => clearTimeout(timer));
}
