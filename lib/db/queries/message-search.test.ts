import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_END, MATCH_START } from '../../chat/search-terms';
import type { Db } from '../connect';
import { ensureConversation } from './conversations';
import { dbTestTargets } from './db-targets';
import { searchMessages } from './message-search';
import { saveMessage } from './messages';

const key = () => Buffer.alloc(32, 7);

const said = (id: string, role: 'user' | 'assistant', text: string): UIMessage => ({
  id,
  role,
  parts: [{ type: 'text', text }],
});

describe.each(dbTestTargets())('search over message text on $name', (target) => {
  let db: Db;

  beforeAll(async () => {
    db = await target.open();
    await db
      .insertInto('users')
      .values([
        { id: 'ada', display_name: 'Ada' },
        { id: 'bob', display_name: 'Bob' },
      ])
      .execute();
    const start = (user: string, id: string, title: string) =>
      ensureConversation(db, user, id, { title, chatMode: 'chat', modelId: null });
    await start('ada', 'c-refunds', 'Billing question');
    await saveMessage(
      db,
      'ada',
      'c-refunds',
      said('m1', 'user', 'How long do refunds take?\nAnd exchanges?'),
      { key },
    );
    await saveMessage(db, 'ada', 'c-refunds', said('m2', 'assistant', 'Refunds take about a week.'), { key });
    await start('ada', 'c-tool', 'Keys');
    await saveMessage(
      db,
      'ada',
      'c-tool',
      {
        id: 'm3',
        role: 'assistant',
        parts: [
          {
            type: 'tool-vault__create_key',
            toolCallId: 't1',
            state: 'output-available',
            input: { label: 'zebra-input' },
            output: { content: [{ type: 'text', text: 'zebra-output' }] },
          },
          { type: 'text', text: 'Made one.' },
        ],
      } as UIMessage,
      { key },
    );
    await start('bob', 'c-bob', 'Private');
    await saveMessage(db, 'bob', 'c-bob', said('m4', 'user', 'my refunds are secret to me'), { key });
  });

  afterAll(async () => {
    await target.close(db);
  });

  it('finds a conversation by words in its messages, not only its title, with the newest matching message and the words marked', async () => {
    const hits = await searchMessages(db, 'ada', 'refund');
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      conversationId: 'c-refunds',
      title: 'Billing question',
      messageId: 'm2',
    });
    expect(hits[0]?.snippet).toContain(`${MATCH_START}Refunds${MATCH_END}`);
  });

  it('every word is required, each as a prefix, across lines of a message', async () => {
    expect((await searchMessages(db, 'ada', 'how exchang')).map((h) => h.messageId)).toEqual(['m1']);
    expect(await searchMessages(db, 'ada', 'refunds giraffe')).toEqual([]);
  });

  it("another user's messages are never found", async () => {
    expect((await searchMessages(db, 'bob', 'refunds')).map((h) => h.conversationId)).toEqual(['c-bob']);
    expect((await searchMessages(db, 'ada', 'secret')).map((h) => h.conversationId)).toEqual([]);
  });

  it("a tool's input and output are not searched; the reply's own text is", async () => {
    expect(await searchMessages(db, 'ada', 'zebra')).toEqual([]);
    expect((await searchMessages(db, 'ada', 'made one')).map((h) => h.conversationId)).toEqual(['c-tool']);
  });

  it('a query of punctuation only, or query syntax, finds nothing and fails nothing', async () => {
    expect(await searchMessages(db, 'ada', '&|!():*')).toEqual([]);
    expect((await searchMessages(db, 'ada', "refunds' | !")).map((h) => h.messageId)).toEqual(['m2']);
  });
});
