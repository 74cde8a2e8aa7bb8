import type { UIMessage } from 'ai';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID } from '../connect';
import { lineUpMessages } from '../migrations';
import { ensureConversation } from './conversations';
import { dbTestTargets } from './db-targets';
import { listMessages, listMessageTree, saveMessage, saveReply, showBranch } from './messages';
import { markTurnInterrupted } from './running-turns';

const text = (id: string, role: 'user' | 'assistant', body: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text: body }],
});

const ids = (messages: UIMessage[]) => messages.map((m) => m.id);

// The tree of a conversation's messages at rest (0015-message-tree, lib/chat/message-tree.ts).
describe.each(dbTestTargets())('message tree storage on $name', (target) => {
  let db: Db;
  const other = 'tree-other';

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  const open = (id: string, userId = LOCAL_USER_ID) =>
    ensureConversation(db, userId, id, { title: 'T', chatMode: 'normal', modelId: null });

  it('a chat stored before versions becomes one line: each message follows the one before, the newest shown', async () => {
    await open('old-1');
    await open('old-2');
    // Rows as they were before 0015: no parent, no shown leaf.
    for (const [conversation, id, role] of [
      ['old-1', 'o1', 'user'],
      ['old-2', 'p1', 'user'],
      ['old-1', 'o2', 'assistant'],
      ['old-1', 'o3', 'user'],
      ['old-2', 'p2', 'assistant'],
    ] as const) {
      await db
        .insertInto('messages')
        .values({
          conversation_id: conversation,
          id,
          user_id: LOCAL_USER_ID,
          role,
          parts: '[]',
          metadata: null,
        })
        .execute();
    }
    await sql`update conversations set active_leaf = null where id in ('old-1', 'old-2')`.execute(db);
    await lineUpMessages(db);
    const tree = await listMessageTree(db, LOCAL_USER_ID, 'old-1');
    expect(tree.nodes.map((n) => [n.id, n.parentId])).toEqual([
      ['o1', null],
      ['o2', 'o1'],
      ['o3', 'o2'],
    ]);
    expect(tree.activeLeaf).toBe('o3');
    expect(ids(await listMessages(db, LOCAL_USER_ID, 'old-2'))).toEqual(['p1', 'p2']);
  });

  it('a message follows the branch shown unless told its parent; a reply is shown only where its message is', async () => {
    await open('t1');
    await saveMessage(db, LOCAL_USER_ID, 't1', text('u1', 'user', 'one'));
    await saveReply(db, LOCAL_USER_ID, 't1', text('a1', 'assistant', 'one answer'));
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't1'))).toEqual(['u1', 'a1']);
    // An edit of the first message: a root beside it, shown.
    await saveMessage(db, LOCAL_USER_ID, 't1', text('u1b', 'user', 'one, edited'), { parentId: null });
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't1'))).toEqual(['u1b']);
    await saveReply(db, LOCAL_USER_ID, 't1', text('a1b', 'assistant', 'edited answer'), { parentId: 'u1b' });
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't1'))).toEqual(['u1b', 'a1b']);
    // A reply that lands after the user moved to another branch is kept but not shown.
    expect(await showBranch(db, LOCAL_USER_ID, 't1', 'a1')).toBe(true);
    await saveReply(db, LOCAL_USER_ID, 't1', text('a1c', 'assistant', 'late'), { parentId: 'u1b' });
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't1'))).toEqual(['u1', 'a1']);
    const tree = await listMessageTree(db, LOCAL_USER_ID, 't1');
    expect(tree.nodes.filter((n) => n.parentId === 'u1b').map((n) => n.id)).toEqual(['a1b', 'a1c']);
    // Saved again (a held reply stored later), a message keeps its place.
    await saveReply(db, LOCAL_USER_ID, 't1', text('a1c', 'assistant', 'late, again'), { parentId: null });
    expect((await listMessageTree(db, LOCAL_USER_ID, 't1')).nodes.find((n) => n.id === 'a1c')?.parentId).toBe(
      'u1b',
    );
  });

  it("a branch is shown for the conversation's own user only, and only at a message it holds", async () => {
    await open('t2');
    await saveMessage(db, LOCAL_USER_ID, 't2', text('v1', 'user', 'mine'));
    await saveMessage(db, LOCAL_USER_ID, 't2', text('v2', 'user', 'mine, edited'), { parentId: null });
    expect(await showBranch(db, other, 't2', 'v1')).toBe(false);
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't2'))).toEqual(['v2']);
    expect(await listMessageTree(db, other, 't2')).toEqual({ nodes: [], activeLeaf: null });
    expect(await showBranch(db, LOCAL_USER_ID, 't2', 'not-here')).toBe(false);
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't2'))).toEqual(['v2']);
    expect(await showBranch(db, LOCAL_USER_ID, 't2', 'v1')).toBe(true);
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't2'))).toEqual(['v1']);
  });

  it('a turn a crash cut is marked under the message it answered, and shown there', async () => {
    await open('t3');
    await saveMessage(db, LOCAL_USER_ID, 't3', text('q1', 'user', 'asked'));
    const turn = {
      userId: LOCAL_USER_ID,
      conversationId: 't3',
      messageId: 'q1',
      turnId: 'turn-t3',
      instanceId: 'gone',
    };
    await db
      .insertInto('running_turns')
      .values({
        conversation_id: 't3',
        user_id: LOCAL_USER_ID,
        message_id: 'q1',
        turn_id: 'turn-t3',
        instance_id: 'gone',
      })
      .execute();
    expect(await markTurnInterrupted(db, turn)).toBe(true);
    const tree = await listMessageTree(db, LOCAL_USER_ID, 't3');
    expect(tree.nodes.map((n) => [n.id, n.parentId])).toEqual([
      ['q1', null],
      ['interrupted-turn-t3', 'q1'],
    ]);
    expect(ids(await listMessages(db, LOCAL_USER_ID, 't3'))).toEqual(['q1', 'interrupted-turn-t3']);
  });
});
