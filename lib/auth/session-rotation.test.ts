import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { dbTestTargets } from '../db/queries/db-targets';
import { endRotationChain, liveEndOf, revokeOthersKeepingChain } from './session-rotation';

describe.each(dbTestTargets())('issue 16 item 2: rotation chains, on $name', (target) => {
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
  });
  afterAll(async () => {
    await target.close(db);
  });

  async function session(user: string, token: string, rotatedTo: string | null = null) {
    await sql`
      insert into auth_sessions (id, user_id, token, expires_at, rotated_to)
      values (${`id-${token}`}, ${user}, ${token}, ${new Date(Date.now() + 3600_000)}, ${rotatedTo})`.execute(
      db,
    );
  }
  const tokens = async (user: string) =>
    (
      await sql<{
        token: string;
      }>`select token from auth_sessions where user_id = ${user} order by token`.execute(db)
    ).rows.map((r) => r.token);

  it('"sign out everywhere else" with a replaced token keeps it and the session that replaced it; the rest end', async () => {
    // a1 was replaced by a2, a2 by a3 (the browser's now); a-phone is another device; Bob is someone else.
    await session('ada', 'a3');
    await session('ada', 'a2', 'a3');
    await session('ada', 'a1', 'a2');
    await session('ada', 'a-phone');
    await session('bob', 'b1');
    expect(await liveEndOf(db, 'a1')).toBe('a3');
    expect(await liveEndOf(db, 'a3')).toBe('a3');
    expect(await revokeOthersKeepingChain(db, 'ada', 'a1')).toBe(true);
    expect(await tokens('ada')).toEqual(['a1', 'a3']);
    expect(await tokens('bob')).toEqual(['b1']);
  });

  it('with a token nobody replaced it leaves the revocation to Better Auth', async () => {
    await session('bob', 'b2');
    expect(await revokeOthersKeepingChain(db, 'bob', 'b1')).toBe(false);
    expect(await tokens('bob')).toEqual(['b1', 'b2']);
  });

  it('signing out ends the whole chain, before and after the token, and nothing else', async () => {
    await endRotationChain(db, 'a1');
    expect(await tokens('ada')).toEqual(['a1']);
    expect(await tokens('bob')).toEqual(['b1', 'b2']);
  });
});
