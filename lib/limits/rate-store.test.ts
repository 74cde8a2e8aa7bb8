import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testRedisConnection, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { memoryRateStore, type RateStore, redisRateStore } from './rate-store';

/** A store as one host instance holds it: on Redis, each with a connection of its own. */
function redisInstance(): RateStore {
  const connected = testRedisConnection();
  return redisRateStore(() => connected);
}

const targets: Array<{ name: string; pair: () => [RateStore, RateStore] }> = [
  {
    name: 'memory',
    pair: () => {
      const store = memoryRateStore();
      return [store, store];
    },
  },
];
if (testRedisUrl)
  targets.push({ name: 'Redis, two instances', pair: () => [redisInstance(), redisInstance()] });

describe.each(targets)('sliding-window limits ($name)', ({ pair }) => {
  it('allows the limit in a window, refuses the next with the wait, and allows again as the window slides', async () => {
    const [one, two] = pair();
    const key = `test:${randomUUID()}`;
    const t0 = 1_000_000;
    expect(await one.take(key, 3, 60_000, t0)).toEqual({ ok: true });
    expect(await two.take(key, 3, 60_000, t0 + 10_000)).toEqual({ ok: true });
    expect(await one.take(key, 3, 60_000, t0 + 20_000)).toEqual({ ok: true });
    // Full: the oldest take leaves the window at t0 + 60 s, 30 s from now.
    expect(await two.take(key, 3, 60_000, t0 + 30_000)).toEqual({ ok: false, retryAfterMs: 30_000 });
    // A refused take is not counted.
    expect(await one.take(key, 3, 60_000, t0 + 60_001)).toEqual({ ok: true });
    expect(await two.take(key, 3, 60_000, t0 + 60_002)).toEqual({ ok: false, retryAfterMs: 9_998 });
  });

  it('keeps keys apart', async () => {
    const [one, two] = pair();
    const a = `test:${randomUUID()}`;
    const b = `test:${randomUUID()}`;
    expect(await one.take(a, 1, 60_000, 5)).toEqual({ ok: true });
    expect(await two.take(b, 1, 60_000, 5)).toEqual({ ok: true });
    expect((await two.take(a, 1, 60_000, 6)).ok).toBe(false);
  });
});

describe('the memory store', () => {
  it('drops the windows every take has left, and keeps the live ones', async () => {
    const store = memoryRateStore();
    const t0 = 1_000_000;
    for (let i = 0; i < 200; i++) await store.take(`derived:u:c${i}`, 5, 60_000, t0);
    await store.take('chat-turn:u', 30, 60_000, t0 + 59_000);
    expect(store.keys()).toBe(201);
    // Later, past the first windows: the next sweep (every 256 takes) drops them.
    for (let i = 0; i < 55; i++) await store.take('tool-call:u', 1_000, 60_000, t0 + 61_000);
    expect(store.keys()).toBe(2);
    expect(await store.take('chat-turn:u', 1, 60_000, t0 + 61_001)).toMatchObject({ ok: false });
  });
});
