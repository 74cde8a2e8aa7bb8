import 'server-only';
import { randomUUID } from 'node:crypto';
import { log } from '../log/logger';
import { getRedis, getSubscriber, REDIS_PREFIX, type RedisClient } from '../redis/client';

/** A turn running in this process, as the relay reads it: its events so far, then each new one. */
export interface RunningTurn {
  /** The events sent so far (server-sent event strings) and whether the turn has ended. */
  snapshot(): { events: string[]; done: boolean };
  /** Called with each later event, and with `null` once the turn ends; returns the unsubscribe. */
  listen(listener: (event: string | null) => void): () => void;
  stop(): void;
  /** Cancels one of the turn's running tool calls (Cancel on its card). */
  cancelCall(toolCallId: string): void;
}

/**
 * A reply running on one instance, read or stopped through another (a reload the
 * load balancer sends elsewhere). In local mode there is nothing to relay.
 */
export interface TurnRelay {
  /**
   * A turn starts here: it becomes the conversation's running turn, and one running elsewhere stops.
   * `ended` comes a while after its last event: a finished turn stays readable (active-streams.ts).
   */
  running(userId: string, conversationId: string, turn: RunningTurn): { ended(): void };
  /** The conversation's turn running on another instance, from its first event; null when none runs. */
  follow(userId: string, conversationId: string): Promise<ReadableStream<string> | null>;
  /** Stops the conversation's turn running on another instance; false when none runs there. */
  stop(userId: string, conversationId: string): Promise<boolean>;
  /** Cancels a tool call of the conversation's turn running on another instance; false when none runs there. */
  cancelCall(userId: string, conversationId: string, toolCallId: string): Promise<boolean>;
}

export const localRelay: TurnRelay = {
  running: () => ({ ended() {} }),
  follow: async () => null,
  stop: async () => false,
  cancelCall: async () => false,
};

const ASKS = `${REDIS_PREFIX}turn-asks`;
/** A running turn's marker outlives any turn (the silence limit ends a stuck one far sooner). */
const MARK_MS = 30 * 60 * 1000;
/** How long a follower waits for the instance running the turn to answer at all. */
const ANSWER_MS = 3_000;
/** A followed turn that sends nothing this long is over for its follower (its instance went away). */
const QUIET_MS = 5 * 60 * 1000;

type Ask =
  | { type: 'follow'; token: string; reply: string }
  | { type: 'stop'; token: string }
  | { type: 'cancel'; token: string; toolCallId: string };
type Relayed = { events: string[] } | { end: true };

// Replace the marker and hand back the one it replaced, in one step.
const MARK = `return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'GET')`;
// Delete the marker only if it is still this turn's.
const UNMARK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface RedisRelayOptions {
  client?: () => Promise<RedisClient>;
  subscriber?: () => Promise<RedisClient>;
}

export function redisRelay(options: RedisRelayOptions = {}): TurnRelay {
  const client = options.client ?? (() => getRedis());
  const subscriber = options.subscriber ?? getSubscriber;
  const turns = new Map<string, RunningTurn>();
  const markOf = (userId: string, conversationId: string) =>
    `${REDIS_PREFIX}turn:${userId}:${conversationId}`;
  let listening: Promise<void> | undefined;

  async function publish(channel: string, message: unknown) {
    await (await client()).publish(channel, JSON.stringify(message));
  }

  /** Sends a follower everything so far, then each event as it comes, in order, then the end. */
  function relay(turn: RunningTurn, reply: string) {
    let queue = Promise.resolve();
    const send = (message: Relayed) => {
      queue = queue
        .then(() => publish(reply, message))
        .catch((error: unknown) => log('error', '[chat] could not relay a turn', { error }));
    };
    const { events, done } = turn.snapshot();
    send({ events });
    if (done) return send({ end: true });
    const unlisten = turn.listen((event) => {
      if (event !== null) return send({ events: [event] });
      unlisten();
      send({ end: true });
    });
  }

  function listen(): Promise<void> {
    listening ??= subscriber().then((redis) =>
      redis.subscribe(ASKS, (message) => {
        try {
          const ask = JSON.parse(message) as Ask;
          const turn = turns.get(ask.token);
          if (!turn) return;
          if (ask.type === 'stop') turn.stop();
          else if (ask.type === 'cancel') turn.cancelCall(String(ask.toolCallId));
          else relay(turn, ask.reply);
        } catch (error) {
          log('error', '[chat] unreadable turn ask', { error });
        }
      }),
    );
    return listening;
  }

  async function tokenOf(userId: string, conversationId: string): Promise<string | null> {
    return (await client()).get(markOf(userId, conversationId));
  }

  return {
    running(userId, conversationId, turn) {
      const token = randomUUID();
      turns.set(token, turn);
      const mark = markOf(userId, conversationId);
      const marked = (async () => {
        await listen();
        const replaced = (await (
          await client()
        ).eval(MARK, {
          keys: [mark],
          arguments: [token, String(MARK_MS)],
        })) as string | null;
        // One reply streams at a time: the turn it replaces stops, on whichever instance it runs.
        if (replaced && !turns.has(replaced)) await publish(ASKS, { type: 'stop', token: replaced });
      })().catch((error: unknown) => log('error', '[chat] could not share a running turn', { error }));
      return {
        ended() {
          turns.delete(token);
          void marked
            .then(async () => (await client()).eval(UNMARK, { keys: [mark], arguments: [token] }))
            .catch((error: unknown) => log('error', '[chat] could not end a shared turn', { error }));
        },
      };
    },

    async follow(userId, conversationId) {
      const token = await tokenOf(userId, conversationId);
      if (!token || turns.has(token)) return null;
      const redis = await subscriber();
      const reply = `${REDIS_PREFIX}turn-reply:${randomUUID()}`;
      const arrived: Relayed[] = [];
      let wake: (() => void) | null = null;
      await redis.subscribe(reply, (message) => {
        arrived.push(JSON.parse(message) as Relayed);
        wake?.();
      });
      const leave = () => void redis.unsubscribe(reply).catch(() => {});
      const next = (ms: number) =>
        new Promise<boolean>((resolve) => {
          if (arrived.length > 0) return resolve(true);
          const timer = setTimeout(() => resolve(false), ms);
          wake = () => {
            clearTimeout(timer);
            wake = null;
            resolve(true);
          };
        });
      await publish(ASKS, { type: 'follow', token, reply });
      if (!(await next(ANSWER_MS))) {
        leave();
        return null;
      }
      return new ReadableStream<string>({
        async pull(controller) {
          if (arrived.length === 0 && !(await next(QUIET_MS))) {
            leave();
            return controller.close();
          }
          const message = arrived.shift();
          if (!message) return;
          if ('end' in message) {
            leave();
            return controller.close();
          }
          const text = message.events.join('');
          if (text) controller.enqueue(text);
        },
        cancel: leave,
      });
    },

    async stop(userId, conversationId) {
      const token = await tokenOf(userId, conversationId);
      // A turn of this instance is stopped here (active-streams), or has ended.
      if (!token || turns.has(token)) return false;
      await publish(ASKS, { type: 'stop', token });
      return true;
    },

    async cancelCall(userId, conversationId, toolCallId) {
      const token = await tokenOf(userId, conversationId);
      if (!token || turns.has(token)) return false;
      await publish(ASKS, { type: 'cancel', token, toolCallId });
      return true;
    },
  };
}

const holder = globalThis as unknown as { __mcpletTurnRelay?: TurnRelay };

/** The process's relay: Redis when `REDIS_URL` is set, else none. */
export function turnRelay(): TurnRelay {
  holder.__mcpletTurnRelay ??= process.env.REDIS_URL ? redisRelay() : localRelay;
  return holder.__mcpletTurnRelay;
}
