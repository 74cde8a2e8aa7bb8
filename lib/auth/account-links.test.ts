import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { dbTestTargets } from '../db/queries/db-targets';
import { consumeAccountLink, createAccountLink, LINK_TTL_MS, peekAccountLink } from './account-links';

describe.each(dbTestTargets())('one-time account links on $name', (target) => {
  let db: Db;

  beforeAll(async () => {
    db = await target.open();
    await db.insertInto('users').values({ id: 'u1', display_name: 'Ada' }).execute();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('stores only a hash of the token, and names the account a device link is for', async () => {
    const { token } = await createAccountLink(db, { purpose: 'device', userId: 'u1', createdBy: 'u1' });
    const rows = await db.selectFrom('account_links').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
    expect(await peekAccountLink(db, token)).toMatchObject({
      purpose: 'device',
      userId: 'u1',
      userName: 'Ada',
    });
  });

  it('works once, however many take it at the same time', async () => {
    const { token } = await createAccountLink(db, { purpose: 'invitation', createdBy: 'operator' });
    const taken = await Promise.all([1, 2, 3, 4].map(() => consumeAccountLink(db, token)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await peekAccountLink(db, token)).toBeNull();
  });

  it('ends at its expiry, and an unknown token is nothing', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const { token } = await createAccountLink(
      db,
      { purpose: 'device', userId: 'u1', createdBy: 'u1' },
      start,
    );
    const justBefore = new Date(start.getTime() + LINK_TTL_MS.device - 1);
    const after = new Date(start.getTime() + LINK_TTL_MS.device + 1);
    expect(await peekAccountLink(db, token, justBefore)).not.toBeNull();
    expect(await peekAccountLink(db, token, after)).toBeNull();
    expect(await consumeAccountLink(db, token, after)).toBe(false);
    expect(await peekAccountLink(db, 'no-such-token')).toBeNull();
  });
});
