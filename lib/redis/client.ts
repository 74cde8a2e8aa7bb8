import 'server-only';
import { createClient } from 'redis';
import { log } from '../log/logger';

/**
 * A new, not yet connected client (each host process keeps one: `getRedis`). A command while the
 * connection is down fails at once (`ClientOfflineError`, a 503 naming shared state: see
 * lib/http/host-errors.ts) instead of waiting in a queue for the client's 5-second timeout; the
 * client keeps reconnecting in the background, so recovery needs no restart.
 */
export function newRedisClient(url: string) {
  return createClient({ url, disableOfflineQueue: true });
}

export type RedisClient = ReturnType<typeof newRedisClient>;

const holder = globalThis as unknown as { __mcpletRedis?: Promise<RedisClient> };

/** Every key the host writes starts with this, so one Redis can serve other things too. */
export const REDIS_PREFIX = 'mcplet:';

/** How long the first use waits for the first connection before commands fail fast like any other time. */
const FIRST_CONNECT_MS = 2_000;

/**
 * Logs an outage once when it starts and once when it ends, not at every reconnection attempt
 * (the client retries several times a second while Redis is away).
 */
function reportOutages(client: RedisClient, what: string, meanwhile: string): void {
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log('error', `[redis] ${what} lost; reconnecting, ${meanwhile}:`, { error });
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log('info', `[redis] ${what} is back`);
  });
}

/** The shared Redis of a hosted deployment (`REDIS_URL`), one connection per process. */
export function getRedis(url = process.env.REDIS_URL): Promise<RedisClient> {
  if (!url) throw new Error('REDIS_URL is not set.');
  if (!holder.__mcpletRedis) {
    const client = newRedisClient(url);
    reportOutages(client, 'the shared state connection', 'commands fail at once until it is back');
    // A Redis that is down at start delays the first use a little, then it fails fast as an outage
    // would; the client connects in the background whenever Redis comes up.
    const connected = client.connect().then(
      () => client,
      (error: unknown) => {
        log('error', '[redis] could not connect to shared state:', { error });
        return client;
      },
    );
    const waited = new Promise<RedisClient>((resolve) => {
      const timer = setTimeout(() => resolve(client), FIRST_CONNECT_MS);
      timer.unref?.();
    });
    holder.__mcpletRedis = Promise.race([connected, waited]);
  }
  return holder.__mcpletRedis;
}

const subscriberHolder = globalThis as unknown as { __mcpletRedisSubscriber?: Promise<RedisClient> };

/**
 * The process's connection in subscriber mode (one for every channel it listens to: gate outcomes,
 * instance events, turn relays); a subscribed connection runs no other commands. Its subscriptions
 * wait for a connection (the offline queue) and are renewed by the client after an outage.
 */
export function getSubscriber(): Promise<RedisClient> {
  subscriberHolder.__mcpletRedisSubscriber ??= getRedis().then((client) => {
    const subscriber = client.duplicate({ disableOfflineQueue: false });
    reportOutages(subscriber, 'the shared state subscriber', 'subscriptions resume when it is back');
    subscriber.connect().catch((error: unknown) => log('error', '[redis] subscriber', { error }));
    return subscriber;
  });
  return subscriberHolder.__mcpletRedisSubscriber;
}
