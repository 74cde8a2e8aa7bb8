import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { guardedPgPool, openDb } from './connect';

describe('the embedded database stays small', () => {
  it('PGlite runs with 16 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await db.destroy();
    }
    // A PGlite start has taken over 20 s on this loaded 2-core machine.
  }, 60_000);
});

describe('a PostgreSQL connection the server drops does not take the host down', () => {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

  it('an idle connection terminated by the server is logged and replaced; the next query answers', async () => {
    const lost: Error[] = [];
    const pool = guardedPgPool({ connectionString: url, max: 1 }, (_message, error) => lost.push(error));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]?.pid;
      // The pool's one connection is idle now; the server ends it, as a restart or failover would.
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await vi.waitFor(() => expect(lost).toHaveLength(1), { timeout: 10_000 });
      expect(lost[0]?.message).toMatch(/terminat/i);
      const again = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(again.rows[0]?.pid).not.toBe(pid);
    } finally {
      await admin.end();
      await pool.end();
    }
  });

  it('a connection terminated during a query rejects that query, and the pool goes on', async () => {
    const pool = guardedPgPool({ connectionString: url, max: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // Its outcome is taken at once, so the rejection is never left unhandled while the test waits.
      const running = client.query('select pg_sleep(5)').then(
        () => 'finished',
        (error: unknown) => error,
      );
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      expect(await running).toBeInstanceOf(Error);
      client.release(true);
      expect((await pool.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
