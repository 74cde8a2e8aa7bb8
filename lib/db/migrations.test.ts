import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrations';
import { dbTestTargets } from './queries/db-targets';

describe.each(dbTestTargets())('migrations land in the current schema, on $name', (target) => {
  it('another schema that holds the migration tables already (another deployment, a test) does not stop them', async () => {
    const db = await target.open();
    const fresh = `m_${Math.random().toString(36).slice(2, 10)}`;
    try {
      await db.connection().execute(async (conn) => {
        await sql`create schema ${sql.id(fresh)}`.execute(conn);
        await sql`set search_path to ${sql.id(fresh)}`.execute(conn);
        try {
          await migrateToLatest(conn as Kysely<unknown>);
          const { rows } = await sql<{ name: string }>`
            select table_name as name from information_schema.tables
            where table_schema = ${fresh} and table_name in ('users', 'kysely_migration') order by 1`.execute(
            conn,
          );
          expect(rows.map((r) => r.name)).toEqual(['kysely_migration', 'users']);
        } finally {
          await sql`set search_path to default`.execute(conn);
        }
      });
    } finally {
      await sql`drop schema if exists ${sql.id(fresh)} cascade`.execute(db);
      await target.close(db);
    }
  });
});
