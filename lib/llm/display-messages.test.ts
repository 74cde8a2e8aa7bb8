import type { UIMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { ensureConversation } from '../db/queries/conversations';
import { dbTestTargets } from '../db/queries/db-targets';
import { listMessages, saveMessage } from '../db/queries/messages';
import { alnum } from '../trust/credential-fakes';
import { DEFAULT_CREDENTIAL_PATTERNS } from '../trust/credentials';
import { maskText } from '../trust/display-mask';
import { maskMessagesForDisplay, revealMaskedValue } from './display-messages';

const key = () => Buffer.alloc(32, 9);
const patterns = DEFAULT_CREDENTIAL_PATTERNS;
const KEY = `vk_${alnum(32)}`;

/** An assistant message whose tool output withheld the key from the model (sealed at rest). */
const created: UIMessage = {
  id: 'm1',
  role: 'assistant',
  parts: [
    {
      type: 'tool-vault__create_api_key',
      toolCallId: 'call-1',
      state: 'output-available',
      input: { name: 'ci' },
      output: {
        model: { result: { content: [{ type: 'text', text: '[withheld]' }] } },
        withheld: {
          values: [KEY],
          reasons: [{ rule: 'x-sensitive', where: '/structuredContent/key', detail: 'x' }],
        },
        view: {
          result: { content: [{ type: 'text', text: `Your key: ${KEY}` }], structuredContent: { key: KEY } },
        },
      },
    },
    { type: 'text', text: 'Your key is ready.' },
  ],
} as UIMessage;

describe.each(dbTestTargets())(
  'a conversation opened again on $name (sensitive-output 1, 3, 4)',
  (target) => {
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
      await ensureConversation(db, 'ada', 'c-keys', { title: 'Keys', chatMode: 'chat', modelId: null });
      await saveMessage(db, 'ada', 'c-keys', created, { key });
    });

    afterAll(async () => {
      await target.close(db);
    });

    it('the messages for display hold the mask, never the key; the stored messages (the model history) are unchanged', async () => {
      const stored = await listMessages(db, 'ada', 'c-keys', key);
      const shown = maskMessagesForDisplay(stored, patterns);
      expect(JSON.stringify(shown)).not.toContain(KEY);
      expect(JSON.stringify(shown)).toContain(maskText(1));
      expect(shown[0]?.parts[1]).toEqual({ type: 'text', text: 'Your key is ready.' });
      expect(JSON.stringify(stored)).toContain(KEY);
    });

    it('Reveal answers the owner the plain value; another user, another call or another mask gets nothing', async () => {
      const ask = (userId: string, toolCallId: string, valueId: string) =>
        revealMaskedValue(db, userId, { conversationId: 'c-keys', toolCallId, valueId }, { key, patterns });
      expect(await ask('ada', 'call-1', '0')).toBe(KEY);
      expect(await ask('bob', 'call-1', '0')).toBeUndefined();
      expect(await ask('ada', 'call-2', '0')).toBeUndefined();
      expect(await ask('ada', 'call-1', '1')).toBeUndefined();
    });
  },
);
