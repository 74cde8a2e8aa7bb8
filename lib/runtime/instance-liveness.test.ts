import { afterAll, describe, expect, it } from 'vitest';
import { instanceConnections, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { localLiveness, redisLiveness } from './instance-liveness';

describe('instance liveness, local mode', () => {
  it('holds only this process alive: an id from an earlier run is gone', async () => {
    const live = localLiveness('me');
    expect(await live.alive('me')).toBe(true);
    expect(await live.alive('earlier-run')).toBe(false);
  });
});

describe.runIf(testRedisUrl)('instance liveness in shared state', () => {
  const { client } = instanceConnections();
  const stopped: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stopped) await stop();
  });

  it('sees another instance while it beats, and not once its key lapses', async () => {
    const one = redisLiveness({ client, heartbeatMs: 50, self: `one-${Date.now()}` });
    const two = redisLiveness({ client, heartbeatMs: 50, self: `two-${Date.now()}` });
    stopped.push(two.stop);
    await expect.poll(() => two.alive(one.self)).toBe(true);
    // Stopped without dropping its key, as a killed process stops: the key lapses on its own.
    await one.stop();
    await (await client()).set(`mcplet:instance:${one.self}`, '1', { PX: 150 });
    await expect.poll(() => two.alive(one.self), { timeout: 2_000 }).toBe(false);
  });
});
