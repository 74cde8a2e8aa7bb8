import 'server-only';
import { getRedis, REDIS_PREFIX, type RedisClient } from '../redis/client';

export type AttemptState = 'pending' | 'consumed' | 'expired' | 'refused';

/** One call of `mcplet_set_tool_result`, as the developer preview shows it. */
export interface DerivedAttempt {
  /** The tool call id of the attempt. */
  id: string;
  conversationId: string;
  /** The target as the model named it. */
  toolId: string;
  at: number;
  /** `accepted`, or the refusal code of 10.4. */
  outcome: string;
  message?: string;
  revision?: number;
  bytes?: number;
  expiresAt?: number;
  state: AttemptState;
  /** The backend call the host made instead (10.6): `ok` or its error code. */
  fallback?: string;
}

/** What the host keeps to make the fallback call itself; never sent to a client. */
export type HeldCall = { target: { serverId: string; toolName: string }; args?: Record<string, unknown> };

export type Settled = { state: AttemptState; call?: HeldCall };

/**
 * The attempts of each user, newest kept: in memory for one process, in Redis when instances share
 * a deployment, so a result accepted in a turn on one instance is reported used
 * or expired (and falls back) through any other.
 */
export interface DerivedLog {
  add(userId: string, attempt: DerivedAttempt, call?: HeldCall): Promise<void>;
  /**
   * What the browser reports back: a pending result was used by a view, or expired unused. Only a
   * pending attempt moves, and only once; the report informs the preview and decides nothing else.
   */
  settle(
    userId: string,
    conversationId: string,
    id: string,
    state: 'consumed' | 'expired',
    now?: number,
  ): Promise<Settled | undefined>;
  noteFallback(userId: string, id: string, outcome: string): Promise<void>;
  /** The newest first. */
  list(userId: string, now?: number): Promise<DerivedAttempt[]>;
}

const KEEP = 100;
/** How long a shared attempt is kept: far longer than any result's TTL, only for the preview. */
const KEEP_MS = 60 * 60 * 1000;

/** A result reported consumed after its TTL was not consumed in time. */
function settledState(
  state: 'consumed' | 'expired',
  expiresAt: number | undefined,
  now: number,
): AttemptState {
  return state === 'consumed' && (expiresAt ?? 0) < now ? 'expired' : state;
}

function shown(attempt: DerivedAttempt, now: number): DerivedAttempt {
  return attempt.state === 'pending' && (attempt.expiresAt ?? 0) <= now
    ? { ...attempt, state: 'expired' }
    : attempt;
}

export function memoryDerivedLog(): DerivedLog {
  const logs = new Map<string, Array<DerivedAttempt & { call?: HeldCall }>>();
  const logOf = (userId: string) => {
    let log = logs.get(userId);
    if (!log) {
      log = [];
      logs.set(userId, log);
    }
    return log;
  };
  return {
    async add(userId, attempt, call) {
      const log = logOf(userId);
      log.push({ ...attempt, ...(call ? { call } : {}) });
      if (log.length > KEEP) log.splice(0, log.length - KEEP);
    },
    async settle(userId, conversationId, id, state, now = Date.now()) {
      const attempt = logOf(userId).find((a) => a.id === id && a.conversationId === conversationId);
      if (attempt?.state !== 'pending') return undefined;
      attempt.state = settledState(state, attempt.expiresAt, now);
      return { state: attempt.state, call: attempt.call };
    },
    async noteFallback(userId, id, outcome) {
      const attempt = logOf(userId).find((a) => a.id === id);
      if (attempt) attempt.fallback = outcome;
    },
    async list(userId, now = Date.now()) {
      return logOf(userId)
        .map(({ call: _held, ...a }) => shown(a, now))
        .reverse();
    },
  };
}

// Only a pending attempt of this conversation moves, once: read, check and write in one step.
const SETTLE = `
local s = redis.call('HMGET', KEYS[1], 'state', 'conv', 'exp', 'call')
if s[1] ~= 'pending' or s[2] ~= ARGV[1] then return false end
local state = ARGV[2]
if state == 'consumed' and tonumber(s[3]) < tonumber(ARGV[3]) then state = 'expired' end
redis.call('HSET', KEYS[1], 'state', state)
return {state, s[4] or ''}
`;

export function redisDerivedLog(client: () => Promise<RedisClient> = () => getRedis()): DerivedLog {
  const keyOf = (userId: string, id: string) => `${REDIS_PREFIX}derived:${userId}:${id}`;
  const listOf = (userId: string) => `${REDIS_PREFIX}derived-ids:${userId}`;
  return {
    async add(userId, attempt, call) {
      const { state, fallback, ...rest } = attempt;
      const key = keyOf(userId, attempt.id);
      await (await client())
        .multi()
        .hSet(key, {
          rec: JSON.stringify(rest),
          state,
          conv: attempt.conversationId,
          exp: String(attempt.expiresAt ?? 0),
          call: call ? JSON.stringify(call) : '',
          ...(fallback ? { fallback } : {}),
        })
        .pExpire(key, KEEP_MS)
        .lPush(listOf(userId), attempt.id)
        .lTrim(listOf(userId), 0, KEEP - 1)
        .pExpire(listOf(userId), KEEP_MS)
        .exec();
    },
    async settle(userId, conversationId, id, state, now = Date.now()) {
      const settled = (await (
        await client()
      ).eval(SETTLE, {
        keys: [keyOf(userId, id)],
        arguments: [conversationId, state, String(now)],
      })) as [AttemptState, string] | null;
      if (!settled) return undefined;
      const [moved, call] = settled;
      return { state: moved, ...(call ? { call: JSON.parse(call) as HeldCall } : {}) };
    },
    async noteFallback(userId, id, outcome) {
      const redis = await client();
      const key = keyOf(userId, id);
      if (await redis.exists(key)) await redis.hSet(key, 'fallback', outcome);
    },
    async list(userId, now = Date.now()) {
      const redis = await client();
      const ids = await redis.lRange(listOf(userId), 0, KEEP - 1);
      const rows = await Promise.all(
        ids.map((id) => redis.hmGet(keyOf(userId, id), ['rec', 'state', 'fallback'])),
      );
      return rows.flatMap(([rec, state, fallback]) => {
        if (!rec || !state) return [];
        const attempt = JSON.parse(rec) as Omit<DerivedAttempt, 'state'>;
        return [shown({ ...attempt, state: state as AttemptState, ...(fallback ? { fallback } : {}) }, now)];
      });
    },
  };
}

const holder = globalThis as unknown as { __mcpletDerivedLog?: DerivedLog };

/** The process's derived-result log: Redis when `REDIS_URL` is set, else memory. */
export function derivedLog(): DerivedLog {
  holder.__mcpletDerivedLog ??= process.env.REDIS_URL ? redisDerivedLog() : memoryDerivedLog();
  return holder.__mcpletDerivedLog;
}
