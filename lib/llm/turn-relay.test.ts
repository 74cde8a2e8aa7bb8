import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  instanceConnections,
  testRedisConnection,
  testRedisUrl,
} from '../../tests/fixtures/redis-connections';
import { localRelay, type RunningTurn, redisRelay, type TurnRelay } from './turn-relay';

/** A relay as one host instance holds it. */
const instance = (): TurnRelay => redisRelay(instanceConnections());

/** A turn the test drives: events sent, the end, and whether someone stopped it. */
function fakeTurn() {
  const events: string[] = [];
  let done = false;
  let stopped = false;
  const cancelled: string[] = [];
  const listeners = new Set<(event: string | null) => void>();
  const turn: RunningTurn = {
    snapshot: () => ({ events: [...events], done }),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
    },
    cancelCall(toolCallId) {
      cancelled.push(toolCallId);
    },
  };
  return {
    turn,
    send(event: string) {
      events.push(event);
      for (const l of listeners) l(event);
    },
    end() {
      done = true;
      for (const l of listeners) l(null);
    },
    stopped: () => stopped,
    cancelled,
  };
}

async function readAll(stream: ReadableStream<string>): Promise<string> {
  let text = '';
  for await (const part of stream) text += part;
  return text;
}

/** Until the relay has marked the turn as the conversation's (an asynchronous write). */
async function marked(user: string, conversation: string) {
  const probe = await testRedisConnection();
  await expect.poll(() => probe.exists(`mcplet:turn:${user}:${conversation}`)).toBe(1);
}

describe('one instance (local mode) has no other to relay to', () => {
  it('follows and stops nothing but its own turns (active-streams does those)', async () => {
    const turn = fakeTurn();
    localRelay.running('u', 'c', turn.turn).ended();
    expect(await localRelay.follow('u', 'c')).toBeNull();
    expect(await localRelay.stop('u', 'c')).toBe(false);
    expect(await localRelay.cancelCall('u', 'c', 'call-1')).toBe(false);
    expect(turn.stopped()).toBe(false);
    expect(turn.cancelled).toEqual([]);
  });
});

// Only with a Redis to share (TEST_REDIS_URL; .ci/run sets it).
describe.each(testRedisUrl ? ['Redis'] : [])(
  'a running reply read and stopped through another instance (%s)',
  () => {
    it('a reader on the other instance gets the turn from its first event, then the rest live, then its end', async () => {
      const [one, two] = [instance(), instance()];
      const user = randomUUID();
      const turn = fakeTurn();
      const shared = one.running(user, 'c1', turn.turn);
      await marked(user, 'c1');
      turn.send('a');
      turn.send('b');
      const followed = await two.follow(user, 'c1');
      expect(followed).not.toBeNull();
      const all = readAll(followed as ReadableStream<string>);
      turn.send('c');
      turn.end();
      shared.ended();
      expect(await all).toBe('abc');
      await expect.poll(() => two.follow(user, 'c1')).toBeNull();
    });

    it('a turn that ended but is still kept is read whole through the other instance; its own instance leaves it to active-streams', async () => {
      const [one, two] = [instance(), instance()];
      const user = randomUUID();
      const turn = fakeTurn();
      const shared = one.running(user, 'c5', turn.turn);
      await marked(user, 'c5');
      turn.send('x');
      turn.send('y');
      turn.end();
      expect(await readAll((await two.follow(user, 'c5')) as ReadableStream<string>)).toBe('xy');
      expect(await one.follow(user, 'c5')).toBeNull();
      expect(await one.stop(user, 'c5')).toBe(false);
      expect(turn.stopped()).toBe(false);
      shared.ended();
      await expect.poll(() => two.follow(user, 'c5')).toBeNull();
    });

    it("nobody else's turn is followed, and none when nothing runs", async () => {
      const [one, two] = [instance(), instance()];
      const user = randomUUID();
      const turn = fakeTurn();
      one.running(user, 'c2', turn.turn);
      await marked(user, 'c2');
      expect(await two.follow(randomUUID(), 'c2')).toBeNull();
      expect(await two.follow(user, 'c-none')).toBeNull();
      expect(await two.stop(randomUUID(), 'c2')).toBe(false);
      expect(turn.stopped()).toBe(false);
    });

    it('Stop through the other instance stops the turn; so does a new turn started there', async () => {
      const [one, two] = [instance(), instance()];
      const user = randomUUID();
      const first = fakeTurn();
      one.running(user, 'c3', first.turn);
      await marked(user, 'c3');
      expect(await two.stop(user, 'c3')).toBe(true);
      await expect.poll(() => first.stopped()).toBe(true);

      const second = fakeTurn();
      one.running(user, 'c4', second.turn);
      await marked(user, 'c4');
      const third = fakeTurn();
      two.running(user, 'c4', third.turn);
      await expect.poll(() => second.stopped()).toBe(true);
      expect(third.stopped()).toBe(false);
    });

    it("Cancel of one tool call through the other instance reaches the turn running it, and nobody else's", async () => {
      const [one, two] = [instance(), instance()];
      const user = randomUUID();
      const turn = fakeTurn();
      one.running(user, 'c6', turn.turn);
      await marked(user, 'c6');
      expect(await two.cancelCall(randomUUID(), 'c6', 'call-x')).toBe(false);
      expect(await one.cancelCall(user, 'c6', 'call-y')).toBe(false);
      expect(await two.cancelCall(user, 'c6', 'call-1')).toBe(true);
      await expect.poll(() => turn.cancelled).toEqual(['call-1']);
      expect(turn.stopped()).toBe(false);
    });
  },
);
