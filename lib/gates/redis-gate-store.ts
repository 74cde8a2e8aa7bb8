import 'server-only';
import { randomUUID } from 'node:crypto';
import { log } from '../log/logger';
import { getRedis, getSubscriber, REDIS_PREFIX, type RedisClient } from '../redis/client';
import { instanceId } from '../runtime/instance-liveness';
import { refusalFor } from './answers';
import { GATE_TTL_MS } from './pending';
import type { GateStore } from './store';
import type { GateOutcome } from './ticket';
import {
  cancelStep,
  challengeStep,
  decideStep,
  endingOf,
  failStep,
  holderOf,
  isOpen,
  loseStep,
  newRecord,
  outcomeOf,
  passFor,
  readTicket,
  type Step,
  settle,
  spendStep,
  type TicketRecord,
  ticketOf,
} from './ticket-state';

// Compare-and-set on a ticket's version: a step computed on a stale record is retried, never stored.
const CAS = `
local v = redis.call('HGET', KEYS[1], 'v')
if (v or '') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'rec', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`;

const CHANNEL = `${REDIS_PREFIX}gate-outcomes`;
/** A ticket's id, published when it ends (spent, refused, expired, lost): it wakes whoever waits for that. */
const ENDS = `${REDIS_PREFIX}gate-ends`;
const keyOf = (id: string) => `${REDIS_PREFIX}gate:${id}`;

export interface RedisGateStoreOptions {
  /** The connection for reads and writes. */
  client?: () => Promise<RedisClient>;
  /** A connection in subscriber mode: it hears outcomes decided on any instance. */
  subscriber?: () => Promise<RedisClient>;
  /** The id recorded as the holder of the model calls opened here: this instance's (instance-liveness). */
  self?: () => string;
}

/**
 * Gate tickets in Redis, for a deployment of several instances: a gate opened
 * by one instance is answered through any other, and its call is spent once. The record is the
 * truth; each change is one compare-and-set. An outcome is published so the instance whose call
 * waits wakes at once; a published message only wakes it: the approval it spends is the record's.
 */
export function redisGateStore(options: RedisGateStoreOptions = {}): GateStore {
  const client = options.client ?? (() => getRedis());
  const subscriber = options.subscriber ?? getSubscriber;
  const self = options.self ?? instanceId;
  const waiters = new Map<string, Array<(outcome: GateOutcome) => void>>();
  const enders = new Map<string, Set<() => void>>();
  let listening: Promise<void> | undefined;
  let hearingEnds: Promise<void> | undefined;

  function ended(id: string) {
    for (const done of enders.get(id) ?? []) done();
  }

  function listenEnds(): Promise<void> {
    hearingEnds ??= subscriber().then((redis) => redis.subscribe(ENDS, ended));
    return hearingEnds;
  }

  function wake(id: string, outcome: GateOutcome) {
    for (const resolve of waiters.get(id)?.splice(0) ?? []) resolve(outcome);
    waiters.delete(id);
  }

  function listen(): Promise<void> {
    listening ??= subscriber().then((redis) =>
      redis.subscribe(CHANNEL, (message) => {
        try {
          const { id, outcome } = JSON.parse(message) as { id: string; outcome: GateOutcome };
          wake(id, outcome);
        } catch (error) {
          log('error', '[gates] unreadable outcome message', { error });
        }
      }),
    );
    return listening;
  }

  async function read(id: string): Promise<{ version: string; record?: TicketRecord }> {
    const stored = await (await client()).hGetAll(keyOf(id));
    if (!stored.v || !stored.rec) return { version: '' };
    return { version: stored.v, record: JSON.parse(stored.rec) as TicketRecord };
  }

  async function write(id: string, version: string, record: TicketRecord, now: number): Promise<boolean> {
    const keepMs = isOpen(record) ? Math.max(1, record.expiresAt - now) + GATE_TTL_MS : GATE_TTL_MS;
    const stored = await (await client()).eval(CAS, {
      keys: [keyOf(id)],
      arguments: [version, String(Number(version || 0) + 1), JSON.stringify(record), String(keepMs)],
    });
    return stored === 1;
  }

  /** Reads, steps and stores until no other instance changed the ticket in between. */
  async function update<R>(id: string, step: (record: TicketRecord | undefined, now: number) => Step<R>) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { version, record } = await read(id);
      const now = Date.now();
      const stepped = step(record, now);
      if (!stepped.next) return stepped.result;
      if (!(await write(id, version, stepped.next, now))) continue;
      if (isOpen(record) && !isOpen(stepped.next)) {
        ended(id);
        // Only wakes whoever waits for the end; it re-reads the record, and reads it anyway after a
        // while, so a lost message delays it and never decides anything: not worth failing a spend for.
        await (await client())
          .publish(ENDS, id)
          .catch((error: unknown) => log('warn', '[gates] could not announce a ticket end', { error }));
      }
      if (stepped.wake) {
        wake(id, stepped.wake);
        await (await client()).publish(CHANNEL, JSON.stringify({ id, outcome: stepped.wake }));
      }
      return stepped.result;
    }
    throw new Error(`Gate ticket ${id} kept changing under this instance; nothing was decided.`);
  }

  return {
    async open(input, ttlMs = GATE_TTL_MS) {
      const now = Date.now();
      const record = newRecord(input, randomUUID(), now, ttlMs, self());
      if (!(await write(record.id, '', record, now))) throw new Error('A gate ticket id was reused.');
      return ticketOf(record);
    },
    async ticket(id, userId) {
      return readTicket(await update(id, (record, now) => settle(record, now)), userId);
    },
    recordChallenge: (id, userId, challenge, challengeId) =>
      update(id, (record, now) => challengeStep(record, now, userId, challenge, challengeId)),
    decide: (id, userId, answer, edited) =>
      update(id, (record, now) => decideStep(record, now, userId, answer, edited)),
    fail: (id, userId, reason) => update(id, (record, now) => failStep(record, now, userId, reason)),
    async spend(id, userId, serverId, toolName, args) {
      return passFor(
        await update(id, (record, now) => spendStep(record, now, { userId, serverId, toolName, args })),
      );
    },
    async holder(id, userId) {
      return holderOf((await read(id)).record, userId);
    },
    lose: (id, userId) => update(id, (record, now) => loseStep(record, now, userId)),
    async ending(id, userId, withinMs) {
      await listenEnds();
      let wakeUp = () => {};
      const woken = new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
      const list = enders.get(id) ?? new Set<() => void>();
      enders.set(id, list);
      list.add(wakeUp);
      let timer: NodeJS.Timeout | undefined;
      try {
        const now = endingOf(await update(id, (record, at) => settle(record, at)), userId);
        if (now !== 'open') return now;
        await Promise.race([
          woken,
          new Promise<void>((resolve) => {
            timer = setTimeout(resolve, withinMs);
          }),
        ]);
        // The record is the truth: a message only said to look.
        return endingOf(await update(id, (record, at) => settle(record, at)), userId);
      } finally {
        clearTimeout(timer);
        list.delete(wakeUp);
        if (list.size === 0) enders.delete(id);
      }
    },
    async wait(id, signal) {
      await listen();
      const outcome = new Promise<GateOutcome>((resolve) => {
        const list = waiters.get(id) ?? [];
        waiters.set(id, list);
        list.push(resolve);
      });
      const current = await update(id, (record, now) => settle(record, now));
      const already = outcomeOf(current);
      if (already) {
        wake(id, already);
        return outcome;
      }
      const cancel = () =>
        update(id, (record, now) => cancelStep(record, now)).catch(() => wake(id, refusalFor('cancelled')));
      if (signal?.aborted) await cancel();
      else signal?.addEventListener('abort', cancel, { once: true });
      // This instance expires the ticket its call waits on; any instance would, on its next look.
      let timer: NodeJS.Timeout | undefined;
      const expireAt = (at: number) => {
        timer = setTimeout(
          async () => {
            try {
              const settled = await update(id, (record, now) => settle(record, now));
              const outcome = outcomeOf(settled);
              if (outcome) wake(id, outcome);
              else if (isOpen(settled)) expireAt(settled.expiresAt);
            } catch (error) {
              log('error', '[gates] could not expire a ticket', { error });
              expireAt(Date.now() + 1_000);
            }
          },
          Math.max(0, at - Date.now()) + 1,
        );
        timer.unref();
      };
      if (isOpen(current)) expireAt(current.expiresAt);
      return outcome.finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
      });
    },
  };
}
