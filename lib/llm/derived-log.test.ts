import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testRedisConnection, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { type DerivedAttempt, type DerivedLog, memoryDerivedLog, redisDerivedLog } from './derived-log';

function redisInstance(): DerivedLog {
  const connected = testRedisConnection();
  return redisDerivedLog(() => connected);
}

const targets: Array<{ name: string; pair: () => [DerivedLog, DerivedLog] }> = [
  {
    name: 'memory',
    pair: () => {
      const log = memoryDerivedLog();
      return [log, log];
    },
  },
];
if (testRedisUrl)
  targets.push({ name: 'Redis, two instances', pair: () => [redisInstance(), redisInstance()] });

const now = 1_000_000;
function attempt(id: string, fields: Partial<DerivedAttempt> = {}): DerivedAttempt {
  return {
    id,
    conversationId: 'c1',
    toolId: 'restaurant/search_restaurants',
    at: now,
    outcome: 'accepted',
    state: 'pending',
    expiresAt: now + 30_000,
    bytes: 120,
    ...fields,
  };
}
const call = { target: { serverId: 'restaurant', toolName: 'search_restaurants' }, args: {} };

describe.each(targets)('derived results across instances, 10.6 ($name)', ({ pair }) => {
  it('a result accepted in a turn on one instance is reported used through the other, once', async () => {
    const [one, two] = pair();
    const user = randomUUID();
    await one.add(user, attempt('call_1'), call);
    expect(await two.settle(user, 'c2', 'call_1', 'consumed', now + 1)).toBeUndefined();
    expect(await two.settle(randomUUID(), 'c1', 'call_1', 'consumed', now + 1)).toBeUndefined();
    expect(await two.settle(user, 'c1', 'call_1', 'consumed', now + 1)).toMatchObject({ state: 'consumed' });
    expect(await one.settle(user, 'c1', 'call_1', 'expired', now + 2)).toBeUndefined();
    expect((await one.list(user, now + 3))[0]).toMatchObject({ id: 'call_1', state: 'consumed' });
  });

  it('an expiry reported through the other instance hands back the call to make instead, arguments intact', async () => {
    const [one, two] = pair();
    const user = randomUUID();
    await one.add(user, attempt('call_2'), call);
    const settled = await two.settle(user, 'c1', 'call_2', 'expired', now + 40_000);
    expect(settled).toEqual({ state: 'expired', call });
    await two.noteFallback(user, 'call_2', 'ok');
    expect(await one.list(user, now + 40_001)).toEqual([
      expect.objectContaining({ id: 'call_2', state: 'expired', fallback: 'ok' }),
    ]);
  });

  it('a use reported after the TTL counts as expired; the list is newest first, per user, and never shows the call', async () => {
    const [one, two] = pair();
    const user = randomUUID();
    await one.add(user, attempt('call_3'), call);
    await two.add(user, attempt('call_4', { state: 'refused', outcome: 'X_SCHEMA_MISMATCH' }));
    expect(await two.settle(user, 'c1', 'call_3', 'consumed', now + 30_001)).toMatchObject({
      state: 'expired',
    });
    const listed = await one.list(user, now + 30_002);
    expect(listed.map((a) => [a.id, a.state])).toEqual([
      ['call_4', 'refused'],
      ['call_3', 'expired'],
    ]);
    expect(JSON.stringify(listed)).not.toContain('search_restaurants"}');
    expect(await one.list(randomUUID())).toEqual([]);
  });

  it('keeps the newest 100 attempts of a user', async () => {
    const [one] = pair();
    const user = randomUUID();
    for (let i = 0; i < 105; i++) await one.add(user, attempt(`call_${i}`));
    const listed = await one.list(user, now);
    expect(listed).toHaveLength(100);
    expect(listed[0]?.id).toBe('call_104');
    expect(listed.at(-1)?.id).toBe('call_5');
  });
});
