import 'server-only';
import { REDIS_PREFIX, type RedisClient } from './client';

/**
 * True for the first instance of the deployment to claim `key` within `ttlMs`, false for every
 * other: one atomic `SET NX`. For what must happen once however many instances see it.
 */
export async function firstClaim(client: RedisClient, key: string, ttlMs: number): Promise<boolean> {
  return (await client.set(`${REDIS_PREFIX}once:${key}`, '1', { NX: true, PX: ttlMs })) === 'OK';
}
