import { randomUUID } from 'node:crypto';
import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceConnections, testRedisUrl } from '../../tests/fixtures/redis-connections';
import { type Db, LOCAL_USER_ID } from '../db/connect';
import { ensureConversation } from '../db/queries/conversations';
import { dbTestTargets } from '../db/queries/db-targets';
import { listMessages, saveMessage, saveReply } from '../db/queries/messages';
import {
  endRunningTurn,
  markTurnInterrupted,
  markTurnRunning,
  type RunningTurn,
  runningTurnOf,
} from '../db/queries/running-turns';
import { localLiveness, redisLiveness } from '../runtime/instance-liveness';
import { conversationMessages, markInterruptedTurns } from './interrupted-turns';
import { modelFacingHistory } from './model-history';
import { isInterruptedMark, replyEnding } from './reply-metadata';

const text = (id: string, role: 'user' | 'assistant', body: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: body }],
});

/** This process, in local mode: only its own id is alive, so `earlier-run` is a run that died. */
const here = localLiveness('this-run');
const OTHER = 'someone-else';

describe.each(dbTestTargets())('turns cut by a crash, on $name', (target) => {
  let db: Db;

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: OTHER, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  /** A conversation of `userId` whose last message is the user's question, a turn marked running for it. */
  async function cutTurn(instanceId: string, userId = LOCAL_USER_ID): Promise<RunningTurn> {
    const conversationId = randomUUID();
    await ensureConversation(db, userId, conversationId, { title: 'T', chatMode: 'normal', modelId: null });
    await saveMessage(db, userId, conversationId, text('u1', 'user', 'first'));
    await saveReply(db, userId, conversationId, text('a1', 'assistant', 'first answer'));
    await saveMessage(db, userId, conversationId, text('u2', 'user', 'second'));
    const turn = { userId, conversationId, messageId: 'u2', turnId: randomUUID(), instanceId };
    await markTurnRunning(db, turn);
    return turn;
  }

  const marksIn = (messages: UIMessage[]) => messages.filter(isInterruptedMark);

  it('a turn left by an instance that is gone is marked when the conversation is read: two reads at once mark it once', async () => {
    const turn = await cutTurn('earlier-run');
    const [one, two] = await Promise.all([
      conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here),
      conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here),
    ]);
    const stored = await listMessages(db, LOCAL_USER_ID, turn.conversationId);
    expect(stored.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', `interrupted-${turn.turnId}`]);
    expect(marksIn(stored)).toHaveLength(1);
    const mark = stored.at(-1);
    expect(mark).toMatchObject({ role: 'assistant', parts: [], metadata: { ended: 'interrupted' } });
    expect(mark && replyEnding(mark)).toBe('interrupted');
    // The read that marked it returns it; the other read returns it or the moment before.
    expect([marksIn(one).length, marksIn(two).length]).toContain(1);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toBeNull();
    // Read again: nothing more is marked.
    const again = await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here);
    expect(marksIn(again)).toHaveLength(1);
    // The model never sees the mark: the history it gets ends with the user's message.
    expect(modelFacingHistory(again).map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
  });

  it('of many marking the same dead turn at once, one marks it', async () => {
    const turn = await cutTurn('earlier-run');
    const results = await Promise.all(Array.from({ length: 5 }, () => markTurnInterrupted(db, turn)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(marksIn(await listMessages(db, LOCAL_USER_ID, turn.conversationId))).toHaveLength(1);
  });

  it('a turn of an instance that is alive is left alone', async () => {
    const turn = await cutTurn('this-run');
    const messages = await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here);
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toEqual(turn);
  });

  it('the marker goes in the same statement that stores the reply: a later read marks nothing', async () => {
    const turn = await cutTurn('earlier-run');
    await saveReply(db, LOCAL_USER_ID, turn.conversationId, text('a2', 'assistant', 'second answer'));
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toBeNull();
    const messages = await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here);
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('a turn that ended with nothing to store clears its own marker, never a newer turn’s', async () => {
    const turn = await cutTurn('earlier-run');
    const newer = { ...turn, turnId: randomUUID() };
    await markTurnRunning(db, newer);
    await endRunningTurn(db, LOCAL_USER_ID, turn.conversationId, turn.turnId);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toEqual(newer);
    await endRunningTurn(db, LOCAL_USER_ID, turn.conversationId, newer.turnId);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toBeNull();
  });

  it('a dead turn whose message is no longer the last (a reply was stored) is dropped, not marked', async () => {
    const turn = await cutTurn('earlier-run');
    // A reply stored without clearing the marker, as a crash between the two would leave it.
    await saveMessage(db, LOCAL_USER_ID, turn.conversationId, text('a2', 'assistant', 'second answer'));
    const messages = await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, here);
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toBeNull();
  });

  it('per user: another user reads nothing of the conversation and marks nothing; a marker for a conversation not theirs is not written', async () => {
    const turn = await cutTurn('earlier-run');
    expect(await conversationMessages(db, OTHER, turn.conversationId, here)).toEqual([]);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toEqual(turn);
    await markTurnRunning(db, { ...turn, userId: OTHER, turnId: 'theirs', instanceId: 'this-run' });
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toEqual(turn);
    expect(await runningTurnOf(db, OTHER, turn.conversationId)).toBeNull();
    await endRunningTurn(db, OTHER, turn.conversationId, turn.turnId);
    expect(await runningTurnOf(db, LOCAL_USER_ID, turn.conversationId)).toEqual(turn);
  });

  it("an instance's start marks every turn whose instance is gone, of every user, and leaves the living", async () => {
    const dead = [await cutTurn('earlier-run'), await cutTurn('another-dead-run', OTHER)];
    const alive = await cutTurn('this-run', OTHER);
    expect(await markInterruptedTurns(db, here)).toBeGreaterThanOrEqual(2);
    for (const turn of dead) {
      const stored = await listMessages(db, turn.userId, turn.conversationId);
      expect(stored.at(-1)?.id).toBe(`interrupted-${turn.turnId}`);
      expect(await runningTurnOf(db, turn.userId, turn.conversationId)).toBeNull();
    }
    expect((await listMessages(db, OTHER, alive.conversationId)).at(-1)?.id).toBe('u2');
    expect(await runningTurnOf(db, OTHER, alive.conversationId)).toEqual(alive);
    // Run again (a second instance starting): nothing is marked twice.
    await markInterruptedTurns(db, here);
    for (const turn of dead)
      expect(marksIn(await listMessages(db, turn.userId, turn.conversationId))).toHaveLength(1);
  });

  describe.runIf(testRedisUrl)('hosted: liveness in shared state', () => {
    const { client } = instanceConnections();

    it('a turn of an instance that beats is left alone; once its key lapses (killed), it is marked', async () => {
      const running = redisLiveness({ client, heartbeatMs: 50, self: `running-${randomUUID()}` });
      const reader = redisLiveness({ client, heartbeatMs: 50, self: `reader-${randomUUID()}` });
      try {
        await expect.poll(() => reader.alive(running.self)).toBe(true);
        const turn = await cutTurn(running.self);
        expect(marksIn(await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, reader))).toEqual(
          [],
        );
        // Killed: its heartbeat stops and its key is left to lapse, as a killed process leaves it.
        await running.stop();
        await (await client()).set(`mcplet:instance:${running.self}`, '1', { PX: 150 });
        await expect
          .poll(
            async () =>
              marksIn(await conversationMessages(db, LOCAL_USER_ID, turn.conversationId, reader)).length,
            {
              timeout: 3_000,
            },
          )
          .toBe(1);
      } finally {
        await running.stop();
        await reader.stop();
      }
    });
  });
});
