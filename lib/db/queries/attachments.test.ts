import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID } from '../connect';
import { insertAttachments, ownedAttachmentIds, userAttachments } from './attachments';
import { ensureConversation } from './conversations';
import { dbTestTargets } from './db-targets';

const key = randomBytes(32);
const keyOf = () => key;

describe.each(dbTestTargets())('attachments stored per user on $name', (target) => {
  let db: Db;
  const conversation = `att-${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    db = await target.open();
    await ensureConversation(db, LOCAL_USER_ID, conversation, {
      title: 't',
      chatMode: 'normal',
      modelId: null,
    });
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('reads an attachment back for its owner only, and a sealed one opened, with no plain text at rest', async () => {
    const plain = `image-${randomBytes(6).toString('hex')}`;
    const secret = `text-${randomBytes(6).toString('hex')}`;
    const words = Buffer.from('a key: sk-not-real').toString('base64');
    await insertAttachments(
      db,
      LOCAL_USER_ID,
      conversation,
      [
        { id: plain, name: 'dot.png', mediaType: 'image/png', size: 3, base64: 'AAEC', sealed: false },
        { id: secret, name: 'env.txt', mediaType: 'text/plain', size: 18, base64: words, sealed: true },
      ],
      keyOf,
    );
    const mine = await userAttachments(db, LOCAL_USER_ID, [plain, secret], keyOf);
    expect(mine.get(plain)).toEqual({
      id: plain,
      name: 'dot.png',
      mediaType: 'image/png',
      size: 3,
      base64: 'AAEC',
    });
    expect(mine.get(secret)?.base64).toBe(words);
    const raw = await db.selectFrom('attachments').select('data').where('id', '=', secret).executeTakeFirst();
    expect(raw?.data).toMatch(/^hk1\./);
    expect(raw?.data).not.toContain(words);

    expect((await userAttachments(db, 'someone-else', [plain, secret], keyOf)).size).toBe(0);
    expect([...(await ownedAttachmentIds(db, LOCAL_USER_ID, [plain, 'nope-000000']))]).toEqual([plain]);
    expect((await ownedAttachmentIds(db, 'someone-else', [plain])).size).toBe(0);
  });
});
