import 'server-only';
import { randomUUID } from 'node:crypto';
import { log } from '../log/logger';
import type { PinRecord } from '../mcp/pins';
import { getRedis, getSubscriber, REDIS_PREFIX, type RedisClient } from './client';

/** What one instance of a deployment tells the others: they apply it to their memory. */
export type InstanceEvent =
  | {
      kind: 'server-added' | 'server-removed' | 'server-reconnected' | 'server-readmitted';
      userId: string;
      serverId: string;
    }
  | {
      /** The pins one review made, together: an instance applies them at once, never some of them. */
      kind: 'pins';
      userId: string;
      serverId: string;
      pinKind: 'tool' | 'view';
      pins: Array<{ name: string; record: PinRecord }>;
    }
  | { kind: 'pins-forgotten'; userId: string; serverId: string };

/**
 * Tells the deployment's other instances what changed in state each keeps in memory (the servers
 * connected, tool pins). Nothing is sent in local mode: there are no others. A message only makes
 * an instance read again or drop what it holds; what the database says still decides.
 */
export interface InstanceBus {
  publish(event: InstanceEvent): void;
  subscribe(listener: (event: InstanceEvent) => void): Promise<void>;
}

export const localBus: InstanceBus = {
  publish() {},
  async subscribe() {},
};

const CHANNEL = `${REDIS_PREFIX}instance-events`;

export interface RedisBusOptions {
  client?: () => Promise<RedisClient>;
  /** A connection of its own: a subscribed connection runs no other commands. */
  subscriber?: () => Promise<RedisClient>;
}

export function redisBus(options: RedisBusOptions = {}): InstanceBus {
  const client = options.client ?? (() => getRedis());
  const subscriber = options.subscriber ?? getSubscriber;
  // An instance hears its own messages too: its id tells them apart.
  const self = randomUUID();
  return {
    publish(event) {
      client()
        .then((redis) => redis.publish(CHANNEL, JSON.stringify({ from: self, event })))
        .catch((error: unknown) => log('error', '[redis] could not tell the other instances', { error }));
    },
    async subscribe(listener) {
      await (await subscriber()).subscribe(CHANNEL, (message) => {
        try {
          const { from, event } = JSON.parse(message) as { from: string; event: InstanceEvent };
          if (from !== self) listener(event);
        } catch (error) {
          log('error', '[redis] unreadable instance event', { error });
        }
      });
    },
  };
}

/** The process's bus: Redis when `REDIS_URL` is set, else none. */
export function instanceBus(): InstanceBus {
  return process.env.REDIS_URL ? redisBus() : localBus;
}
