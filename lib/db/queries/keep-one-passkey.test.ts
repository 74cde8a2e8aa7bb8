import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeysLeft, userWithPasskeys } from '../../../tests/fixtures/passkey-rows';
import type { Db } from '../connect';
import { dbTestTargets } from './db-targets';

describe.each(dbTestTargets())('a user always keeps one sign-in passkey, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await target.close(db);
  });

  // The passkey table is Better Auth's (lib/auth/auth.ts), outside the host's typed schema.
  const remove = (id: string) => sql`delete from auth_passkeys where id = ${id}`.execute(db);

  it('two removals at once: one succeeds, the other is refused, one passkey is left', async () => {
    await userWithPasskeys(db, 'race', 2);
    const outcomes = await Promise.allSettled([remove('race-pk0'), remove('race-pk1')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(
      /keeps at least one sign-in passkey/,
    );
    expect(await passkeysLeft(db, 'race')).toBe(1);
  });

  it('the last one is refused on its own; with another left, a removal goes through', async () => {
    await userWithPasskeys(db, 'single', 1);
    await expect(remove('single-pk0')).rejects.toThrow(/keeps at least one sign-in passkey/);
    await userWithPasskeys(db, 'pair', 2);
    await remove('pair-pk1');
    expect(await passkeysLeft(db, 'pair')).toBe(1);
  });

  it("deleting the account removes all of its passkeys, and another user's are untouched", async () => {
    await userWithPasskeys(db, 'leaving', 2);
    await userWithPasskeys(db, 'staying', 1);
    await db.deleteFrom('users').where('id', '=', 'leaving').execute();
    expect(await passkeysLeft(db, 'leaving')).toBe(0);
    expect(await passkeysLeft(db, 'staying')).toBe(1);
  });
});
