import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './connect';
import { prepared } from './prepared';
import { dbTestTargets } from './queries/db-targets';

const probeTable = (db: Db) => db.withTables<{ prepared_probe: { id: string; note: string | null } }>();

describe.each(dbTestTargets())('a prepared statement on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    await sql`create table prepared_probe (id text primary key, note text)`.execute(db);
  });
  afterAll(() => target.close(db));

  it('is built and compiled once, and each run sends its own values (null among them) beside the constant ones', async () => {
    let builds = 0;
    const insert = prepared<'id' | 'note', never>((qc, slot) => {
      builds++;
      return probeTable(qc)
        .insertInto('prepared_probe')
        .values({ id: slot('id'), note: slot('note') });
    });
    const read = prepared<'prefix', { id: string; note: string | null }>((qc, slot) => {
      builds++;
      return probeTable(qc)
        .selectFrom('prepared_probe')
        .select(['id', 'note'])
        .where('id', 'like', slot<string>('prefix'))
        .where('id', '!=', 'prep-skip')
        .orderBy('id');
    });
    await insert(db, { id: 'prep-1', note: 'One' });
    await insert(db, { id: 'prep-2', note: null });
    await insert(db, { id: 'prep-skip', note: 'Skipped by the constant' });
    expect((await read(db, { prefix: 'prep-%' })).rows).toEqual([
      { id: 'prep-1', note: 'One' },
      { id: 'prep-2', note: null },
    ]);
    expect((await read(db, { prefix: 'prep-2' })).rows).toEqual([{ id: 'prep-2', note: null }]);
    expect(builds).toBe(2);
  });

  it('refuses a slot that does not compile to a value (it would be sent as the marker)', async () => {
    const named = prepared<'column', never>((qc, slot) =>
      qc.selectFrom('users').select(sql.ref(slot<string>('column')).as('x')),
    );
    await expect(named(db, { column: 'id' })).rejects.toThrow('slot column did not compile to a parameter');
  });
});
