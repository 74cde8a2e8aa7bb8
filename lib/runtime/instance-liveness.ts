import 'server-only';
import { randomUUID } from 'node:crypto';
import { log } from '../log/logger';
import { getRedis, REDIS_PREFIX, type RedisClient } from '../redis/client';

/**
 * Which host instances are alive, so work one instance held (a model turn waiting at a gate, a turn
 * streaming its reply) can be told apart from work whose instance is gone. Each process has an id;
 * in hosted mode it keeps a key in the shared Redis that lapses a few heartbeats after it stops
 * (killed, frozen or cut off). In local mode one process serves the data directory, so an id that is
 * not this process's belongs to an earlier run of it.
 */
export interface InstanceLiveness {
  readonly self: string;
  alive(id: string): Promise<boolean>;
}

/** How often a hosted instance renews its key; the key lapses after three missed beats. */
export const HEARTBEAT_MS = Number(process.env.INSTANCE_HEARTBEAT_MS ?? 2_000);
const keyOf = (id: string) => `${REDIS_PREFIX}instance:${id}`;

export interface RedisLivenessOptions {
  client?: () => Promise<RedisClient>;
  heartbeatMs?: number;
  self?: string;
}

export interface RedisLiveness extends InstanceLiveness {
  /** Stops the heartbeat and drops this instance's key (a clean shutdown; tests). */
  stop(): Promise<void>;
}

export function redisLiveness(options: RedisLivenessOptions = {}): RedisLiveness {
  const client = options.client ?? (() => getRedis());
  const beat = options.heartbeatMs ?? HEARTBEAT_MS;
  const self = options.self ?? randomUUID();
  const renew = async () => {
    try {
      await (await client()).set(keyOf(self), String(Date.now()), { PX: beat * 3 });
    } catch (error) {
      log('warn', '[instances] could not renew this instance in shared state', { error });
    }
  };
  void renew();
  const timer = setInterval(renew, beat);
  timer.unref();
  return {
    self,
    async alive(id) {
      if (id === self) return true;
      return (await (await client()).exists(keyOf(id))) === 1;
    },
    async stop() {
      clearInterval(timer);
      await (await client()).del(keyOf(self));
    },
  };
}

export function localLiveness(self: string = randomUUID()): InstanceLiveness {
  return { self, alive: async (id) => id === self };
}

const holder = globalThis as unknown as { __mcpletLiveness?: InstanceLiveness };

/** This process's liveness: in shared state when `REDIS_URL` is set, else this process alone. */
export function instanceLiveness(): InstanceLiveness {
  holder.__mcpletLiveness ??= process.env.REDIS_URL ? redisLiveness() : localLiveness();
  return holder.__mcpletLiveness;
}

/** This process's instance id (starts its heartbeat in hosted mode). */
export function instanceId(): string {
  return instanceLiveness().self;
}
