import 'server-only';
import { randomUUID } from 'node:crypto';
import { getRedis, REDIS_PREFIX, type RedisClient } from '../redis/client';

export type Taken = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Sliding-window counters: at most `limit` takes of `key` in any `windowMs`. In
 * memory for one process; in Redis (`REDIS_URL`) when instances share the limits.
 */
export interface RateStore {
  take(key: string, limit: number, windowMs: number, now?: number): Promise<Taken>;
}

/** Every this many takes the memory store drops the windows that have emptied. */
const SWEEP_EVERY = 256;

/**
 * One process's windows. A key is a user's kind of request or a conversation's derived results, so
 * keys keep coming; a window whose takes have all left it is dropped (what Redis's PEXPIRE does).
 */
export function memoryRateStore(): RateStore & { keys(): number } {
  const windows = new Map<string, { times: number[]; windowMs: number }>();
  let takes = 0;
  const sweep = (now: number) => {
    for (const [key, { times, windowMs }] of windows) {
      if (times.every((t) => now - t >= windowMs)) windows.delete(key);
    }
  };
  return {
    async take(key, limit, windowMs, now = Date.now()) {
      if (++takes % SWEEP_EVERY === 0) sweep(now);
      const recent = (windows.get(key)?.times ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= limit) {
        windows.set(key, { times: recent, windowMs });
        return { ok: false, retryAfterMs: Math.max(1, (recent[0] ?? now) + windowMs - now) };
      }
      recent.push(now);
      windows.set(key, { times: recent, windowMs });
      return { ok: true };
    },
    keys: () => windows.size,
  };
}

// One round trip, atomic: drop what left the window, count, and take only when under the limit.
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + tonumber(ARGV[2]) - tonumber(ARGV[1])}
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, 0}
`;

export function redisRateStore(client: () => Promise<RedisClient>): RateStore {
  return {
    async take(key, limit, windowMs, now = Date.now()) {
      const redis = await client();
      const [ok, retry] = (await redis.eval(SLIDING_WINDOW, {
        keys: [`${REDIS_PREFIX}rate:${key}`],
        arguments: [String(now), String(windowMs), String(limit), `${now}:${randomUUID()}`],
      })) as [number, number];
      return ok === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Number(retry)) };
    },
  };
}

const holder = globalThis as unknown as { __mcpletRates?: RateStore };

/** The process's rate store: Redis when `REDIS_URL` is set, else memory. */
export function rateStore(): RateStore {
  holder.__mcpletRates ??= process.env.REDIS_URL ? redisRateStore(() => getRedis()) : memoryRateStore();
  return holder.__mcpletRates;
}
