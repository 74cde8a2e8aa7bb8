import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeysLeft, userWithPasskeys } from '../../tests/fixtures/passkey-rows';
import type { Db } from '../db/connect';
import { dbTestTargets } from '../db/queries/db-targets';
import { removeSignInPasskey } from './passkey-removal';

describe.each(dbTestTargets())('removing a sign-in passkey, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await target.close(db);
  });

  it('two removals at once: one is removed, the other is told it is the last', async () => {
    await userWithPasskeys(db, 'ada', 2);
    const both = () =>
      Promise.allSettled([
        removeSignInPasskey(db, 'ada', 'ada-pk0'),
        removeSignInPasskey(db, 'ada', 'ada-pk1'),
      ]);
    let outcomes: Awaited<ReturnType<typeof both>>;
    if (target.name === 'PostgreSQL') {
      // Another transaction holds the user's row until both removals are waiting: they really race.
      let release = () => {};
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction().execute(async (trx) => {
        await sql`select 1 from users where id = 'ada' for update`.execute(trx);
        locked();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await isLocked;
      const racing = both();
      try {
        // Both removals wait on a lock (the row, or without it the trigger's): then release.
        await expect
          .poll(
            async () =>
              (
                await sql<{ n: number }>`
                  select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock'
                  and (query like '%for update%' or query like '%delete from auth_passkeys%')`.execute(db)
              ).rows[0]?.n,
            { interval: 20, timeout: 5_000 },
          )
          .toBeGreaterThanOrEqual(2);
      } finally {
        release();
        await holder;
      }
      outcomes = await racing;
    } else {
      // PGlite is one connection: the removals take turns there by construction.
      outcomes = await both();
    }
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason))).sort()).toEqual([
      'last',
      'removed',
    ]);
    expect(await passkeysLeft(db, 'ada')).toBe(1);
  });

  it("another user's passkey, or an unknown one, is not found and stays", async () => {
    await userWithPasskeys(db, 'bob', 2);
    expect(await removeSignInPasskey(db, 'ada', 'bob-pk0')).toBe('not-found');
    expect(await removeSignInPasskey(db, 'bob', 'nope')).toBe('not-found');
    expect(await removeSignInPasskey(db, 'nobody', 'bob-pk0')).toBe('not-found');
    expect(await passkeysLeft(db, 'bob')).toBe(2);
    expect(await removeSignInPasskey(db, 'bob', 'bob-pk1')).toBe('removed');
    expect(await passkeysLeft(db, 'bob')).toBe(1);
  });
});
