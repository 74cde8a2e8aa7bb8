import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '../../settings/user-settings';
import { type Db, LOCAL_USER_ID } from '../connect';
import { dbTestTargets } from './db-targets';
import { getUserSettings, saveUserSettings } from './user-settings';

describe.each(dbTestTargets())('user settings on $name', (target) => {
  let db: Db;
  const other = 'settings-other';

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: other, display_name: 'Other' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('reads the defaults for a user who saved none', async () => {
    expect(await getUserSettings(db, LOCAL_USER_ID)).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("merges each save into the user's own settings, and never another user's", async () => {
    await saveUserSettings(db, LOCAL_USER_ID, { customInstructions: 'Answer in French.' });
    const merged = await saveUserSettings(db, LOCAL_USER_ID, { generateTitles: false });
    expect(merged).toEqual({
      ...DEFAULT_USER_SETTINGS,
      customInstructions: 'Answer in French.',
      generateTitles: false,
    });
    expect(await getUserSettings(db, LOCAL_USER_ID)).toEqual(merged);
    expect(await getUserSettings(db, other)).toEqual(DEFAULT_USER_SETTINGS);
    await saveUserSettings(db, other, { defaultModelId: 'x:y' });
    expect((await getUserSettings(db, LOCAL_USER_ID)).defaultModelId).toBeNull();
  });

  it('reads a stored field that no longer passes the schema as its default', async () => {
    await db
      .updateTable('user_settings')
      .set({ settings: JSON.stringify({ customInstructions: 7, generateTitles: true, gone: 1 }) })
      .where('user_id', '=', other)
      .execute();
    expect(await getUserSettings(db, other)).toEqual({ ...DEFAULT_USER_SETTINGS, generateTitles: true });
  });
});
