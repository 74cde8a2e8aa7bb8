import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, LOCAL_USER_ID } from '../connect';
import { dbTestTargets } from './db-targets';
import { deleteServerAuth, findServerAuthByState, loadServerAuth, saveServerAuth } from './server-auth';

const key = randomBytes(32);
const keyOf = () => key;

describe.each(dbTestTargets())('OAuth state per user and server on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('is sealed at rest (no token text in the row), read back for its owner, found by its pending state, and deleted', async () => {
    const data = {
      tokens: { access_token: 'at-secret-123', token_type: 'Bearer', refresh_token: 'rt-secret-456' },
    };
    await saveServerAuth(db, { userId: LOCAL_USER_ID, serverId: 'docs', pendingState: 'st-1', data }, keyOf);
    const raw = await db
      .selectFrom('server_auth')
      .selectAll()
      .where('server_id', '=', 'docs')
      .executeTakeFirst();
    expect(raw?.sealed).not.toContain('at-secret-123');
    expect(raw?.sealed).not.toContain('rt-secret-456');
    expect((await loadServerAuth(db, LOCAL_USER_ID, 'docs', keyOf))?.data).toEqual(data);
    expect(await loadServerAuth(db, 'someone-else', 'docs', keyOf)).toBeUndefined();
    expect(await findServerAuthByState(db, 'st-1')).toEqual({ userId: LOCAL_USER_ID, serverId: 'docs' });

    await saveServerAuth(
      db,
      { userId: LOCAL_USER_ID, serverId: 'docs', pendingState: null, data: {} },
      keyOf,
    );
    expect(await findServerAuthByState(db, 'st-1')).toBeUndefined();
    await deleteServerAuth(db, LOCAL_USER_ID, 'docs');
    expect(await loadServerAuth(db, LOCAL_USER_ID, 'docs', keyOf)).toBeUndefined();
  });
});
