import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID } from '../connect';
import {
  ensureConversation,
  getConversation,
  retitleConversation,
  updateConversation,
} from './conversations';
import { dbTestTargets } from './db-targets';

describe.each(dbTestTargets())('a generated title on $name', (target) => {
  let db: Db;
  const other = 'retitle-other';

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('replaces only the title the conversation was opened with, and only for its owner', async () => {
    const init = { title: 'plan a trip to…', chatMode: 'normal', modelId: null };
    await ensureConversation(db, LOCAL_USER_ID, 'c-title', init);
    expect(await retitleConversation(db, other, 'c-title', init.title, 'Stolen')).toBe(false);
    expect(await retitleConversation(db, LOCAL_USER_ID, 'c-title', init.title, 'Trip to Lyon')).toBe(true);
    expect((await getConversation(db, LOCAL_USER_ID, 'c-title'))?.title).toBe('Trip to Lyon');

    // The user renamed it before the title came back: the rename stays.
    await ensureConversation(db, LOCAL_USER_ID, 'c-renamed', init);
    await updateConversation(db, LOCAL_USER_ID, 'c-renamed', { title: 'Mine' });
    expect(await retitleConversation(db, LOCAL_USER_ID, 'c-renamed', init.title, 'Generated')).toBe(false);
    expect((await getConversation(db, LOCAL_USER_ID, 'c-renamed'))?.title).toBe('Mine');
  });
});
