import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/connect';
import { dbTestTargets } from '../db/queries/db-targets';
import { claimRotation, endRotationChain, liveEndOf, revokeOthersKeepingChain } from './session-rotation';

describe.each(dbTestTargets())('rotation chains, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    await db
      .insertInto('users')
      .values([
        { id: 'ada', display_name: 'Ada' },
        { id: 'bob', display_name: 'Bob' },
        { id: 'cy', display_name: 'Cy' },
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
    await revokeOthersKeepingChain(db, 'ada', 'a1');
    expect(await tokens('ada')).toEqual(['a1', 'a3']);
    expect(await tokens('bob')).toEqual(['b1']);
  });

  it('with a token nobody replaced it keeps only that one', async () => {
    await session('bob', 'b2');
    await session('bob', 'b3');
    await revokeOthersKeepingChain(db, 'bob', 'b1');
    expect(await tokens('bob')).toEqual(['b1']);
  });

  it('signing out ends the whole chain, the token, before and after it, and nothing else', async () => {
    await session('ada', 'a-laptop');
    await endRotationChain(db, 'ada', 'a1');
    expect(await tokens('ada')).toEqual(['a-laptop']);
    expect(await tokens('bob')).toEqual(['b1']);
  });

  it('a rotation whose new session a revocation ended meanwhile hands nothing out; the old token stays', async () => {
    // The rotation made c2 for c1; "sign out everywhere else" with c1 ended c2 before the claim.
    await session('cy', 'c1');
    await session('cy', 'c2');
    await revokeOthersKeepingChain(db, 'cy', 'c1');
    expect(await claimRotation(db, 'cy', 'c1', 'c2')).toBe(false);
    expect(await tokens('cy')).toEqual(['c1']);
    expect(await liveEndOf(db, 'c1')).toBe('c1');
  });

  it('a rotation claimed before the revocation: the revocation keeps both the old token and its successor', async () => {
    await session('cy', 'c3');
    await session('cy', 'c-phone');
    expect(await claimRotation(db, 'cy', 'c1', 'c3')).toBe(true);
    await revokeOthersKeepingChain(db, 'cy', 'c1');
    expect(await tokens('cy')).toEqual(['c1', 'c3']);
  });

  it('a rotation racing a sign-out with the same token finds it gone', async () => {
    await session('cy', 'c4');
    await endRotationChain(db, 'cy', 'c3');
    expect(await claimRotation(db, 'cy', 'c3', 'c4')).toBe(false);
    expect(await tokens('cy')).toEqual(['c4']);
  });
});
