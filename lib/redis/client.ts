import 'server-only';
import { createClient } from 'redis';
import { log } from '../log/logger';

/** A new, not yet connected client (each host process keeps one: `getRedis`). */
export function newRedisClient(url: string) {
  return createClient({ url });
}

export type RedisClient = ReturnType<typeof newRedisClient>;

const holder = globalThis as unknown as { __mcpletRedis?: Promise<RedisClient> };

/** Every key the host writes starts with this, so one Redis can serve other things too. */
export const REDIS_PREFIX = 'mcplet:';

/** The shared Redis of a hosted deployment (`REDIS_URL`), one connection per process. */
export function getRedis(url = process.env.REDIS_URL): Promise<RedisClient> {
  if (!url) throw new Error('REDIS_URL is not set.');
  if (!holder.__mcpletRedis) {
    const client = newRedisClient(url);
    client.on('error', (error: unknown) => log('error', '[redis]', { error }));
    holder.__mcpletRedis = client.connect().then(
      () => client,
      (error: unknown) => {
        holder.__mcpletRedis = undefined;
        throw error;
      },
    );
  }
  return holder.__mcpletRedis;
}

const subscriberHolder = globalThis as unknown as { __mcpletRedisSubscriber?: Promise<RedisClient> };

/**
 * The process's connection in subscriber mode (one for every channel it listens to: gate outcomes,
 * instance events, turn relays); a subscribed connection runs no other commands.
 */
export function getSubscriber(): Promise<RedisClient> {
  subscriberHolder.__mcpletRedisSubscriber ??= getRedis().then(async (client) => {
    const subscriber = client.duplicate();
    subscriber.on('error', (error: unknown) => log('error', '[redis] subscriber', { error }));
    await subscriber.connect();
    return subscriber;
  });
  return subscriberHolder.__mcpletRedisSubscriber;
}
