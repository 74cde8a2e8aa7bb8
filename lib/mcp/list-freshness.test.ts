import { describe, expect, it } from 'vitest';
import { listStale, MIN_RELIST_MS } from './list-freshness';

const at = 1_000_000;
const modern = { modern: true, listening: false };

describe('SEP-2549: when a tool list is listed again', () => {
  it('a 2025-era list holds until the server says it changed, however old', () => {
    expect(listStale({ listedAt: at, ttlMs: 1 }, at + 10 * 60_000, { modern: false, listening: false })).toBe(
      false,
    );
  });

  it('2026-07-28: stale once its ttlMs has passed, not before', () => {
    expect(listStale({ listedAt: at, ttlMs: 60_000 }, at + 59_999, modern)).toBe(false);
    expect(listStale({ listedAt: at, ttlMs: 60_000 }, at + 60_000, modern)).toBe(true);
    // Listening does not stretch a list past what the server said.
    expect(listStale({ listedAt: at, ttlMs: 60_000 }, at + 60_000, { modern: true, listening: true })).toBe(
      true,
    );
  });

  it('2026-07-28 without ttlMs (or 0): stale at once, unless change notifications are heard', () => {
    for (const ttlMs of [undefined, 0, -5]) {
      const list = ttlMs === undefined ? { listedAt: at } : { listedAt: at, ttlMs };
      expect(listStale(list, at + MIN_RELIST_MS, modern)).toBe(true);
      expect(listStale(list, at + MIN_RELIST_MS, { modern: true, listening: true })).toBe(false);
    }
  });

  it('never more than one list per few seconds, and never for a list not made yet', () => {
    expect(listStale({ listedAt: at, ttlMs: 1 }, at + MIN_RELIST_MS - 1, modern)).toBe(false);
    expect(listStale({ listedAt: 0 }, at, modern)).toBe(false);
  });
});
