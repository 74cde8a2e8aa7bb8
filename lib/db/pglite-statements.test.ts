import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { statementRunner } from './pglite-statements.mjs';
import { startPgliteThread } from './pglite-thread';

const PARSE = 0x50;
const BIND = 0x42;

/** The first protocol message of each call into PostgreSQL the runner made. */
function firstMessages(db: PGlite) {
  const spy = vi.spyOn(db, 'execProtocol');
  return () => spy.mock.calls.map(([bytes]) => String.fromCharCode(bytes[0] ?? 0));
}

describe('statements run as named prepared statements on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create('memory://');
  });
  beforeEach(async () => {
    vi.restoreAllMocks();
    await db.exec(`
      deallocate all;
      drop table if exists t;
      create table t (id int primary key, big bigint, ok boolean, doc jsonb, at timestamptz, raw bytea, note text);
      insert into t values (1, 9007199254740993, true, '{"a":[1,"x"]}', '2026-11-25T10:00:00Z', '\\x01ff', null);
    `);
  });
  afterAll(() => db.close());

  it("answers as PGlite's query does: values typed alike, nulls, affected rows, returned rows", async () => {
    const runner = statementRunner(db);
    const statements: Array<[string, unknown[]]> = [
      ['select * from t where id = $1', [1]],
      [
        'insert into t (id, big, ok, doc, at, raw, note) values ($1, $2, $3, $4, $5, $6, $7) returning *',
        [2, 5n, false, { b: null }, new Date('2026-01-02T03:04:05Z'), new Uint8Array([7, 8]), 'two'],
      ],
      ['update t set note = $1 where id > $2', ['n', 0]],
      ['with gone as (delete from t where id = $1 returning id) select count(*)::int as n from gone', [2]],
      ['select id, note from t where id = $1', [42]],
    ];
    for (const [sql, params] of statements) {
      // Each run's writes undone, so both see the same table.
      await db.exec('begin');
      const expected = await db.query(sql, params).then(({ rows, affectedRows }) => ({ rows, affectedRows }));
      await db.exec('rollback');
      await db.exec('begin');
      const first = await runner.query(sql, params);
      await db.exec('rollback');
      expect(first, sql).toEqual(expected);
    }
    const twice = await runner.query('select * from t where id = $1', [1]);
    expect(twice.rows).toEqual((await db.query('select * from t where id = $1', [1])).rows);
  });

  it('parses a statement once: each later run is one bind, execute and sync', async () => {
    const runner = statementRunner(db);
    const sent = firstMessages(db);
    for (const id of [1, 1, 2]) await runner.query('select note from t where id = $1', [id]);
    expect(sent()).toEqual([PARSE, BIND, BIND, BIND].map((code) => String.fromCharCode(code)));
    const kept = await db.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(kept.rows[0]?.n).toBe(1);
  });

  it('sends what is not a select, insert, update, delete or with to query (DDL, transactions)', async () => {
    const runner = statementRunner(db);
    const query = vi.spyOn(db, 'query');
    await runner.query('create table u (id int)', []);
    await runner.query('begin', []);
    await runner.query('rollback', []);
    expect(query.mock.calls.map(([sql]) => sql)).toEqual(['create table u (id int)', 'begin', 'rollback']);
  });

  it("rejects with PostgreSQL's error and the statement, and goes on answering; a failed transaction is PostgreSQL's to end", async () => {
    const runner = statementRunner(db);
    const insert = 'insert into t (id) values ($1)';
    const failure = await runner.query(insert, [1]).catch((error: unknown) => error);
    const expected = await db.query(insert, [1]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', message: (expected as Error).message, query: insert });
    await runner.query('begin', []);
    await expect(runner.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
    await expect(runner.query('select id from t', [])).rejects.toMatchObject({ code: '25P02' });
    await runner.query('rollback', []);
    expect((await runner.query(insert, [3])).affectedRows).toBe(1);
    await expect(runner.query('select nope from t', [])).rejects.toMatchObject({ code: '42703' });
  });

  it('keeps at most `kept` statements, closing the least recently run', async () => {
    const runner = statementRunner(db, { kept: 2 });
    for (let round = 0; round < 3; round++) {
      for (const column of ['id', 'note', 'ok']) {
        const { rows } = await runner.query(`select ${column} from t where id = $1`, [1]);
        expect(Object.keys(rows[0] ?? {})).toEqual([column]);
      }
    }
    const kept = await db.query<{ statement: string }>(
      'select statement from pg_prepared_statements order by prepare_time',
    );
    expect(kept.rows.map((r) => r.statement)).toEqual([
      'select note from t where id = $1',
      'select ok from t where id = $1',
    ]);
  });

  it('a statement whose table changed under it answers with the new columns, then is prepared again', async () => {
    const runner = statementRunner(db);
    const read = 'select * from t where id = $1';
    await runner.query(read, [1]);
    await db.exec('alter table t add column extra text');
    const after = await runner.query(read, [1]);
    expect(after.rows[0]).toHaveProperty('extra', null);
    const sent = firstMessages(db);
    await runner.query(read, [1]);
    await runner.query(read, [1]);
    expect(sent()).toEqual([PARSE, BIND, BIND].map((code) => String.fromCharCode(code)));
  });

  it("never splits PGlite's own query: the two interleave whole", async () => {
    const runner = statementRunner(db);
    const runs = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? runner.query('select $1::int + id as n from t where id = $2', [i, 1])
        : db.query<{ n: number }>('select $1::int * 2 as n', [i]),
    );
    const answers = await Promise.all(runs);
    answers.forEach((answer, i) => {
      expect(answer.rows).toEqual([{ n: i % 2 === 0 ? i + 1 : i * 2 }]);
    });
  });
});

describe('the database thread runs its statements prepared', () => {
  it('a repeated statement is kept prepared in the thread', async () => {
    const thread = await startPgliteThread('memory://', 'shared_buffers=16MB');
    try {
      await thread.query('create table v (id int primary key)', []);
      for (const id of [1, 2]) await thread.query('insert into v values ($1)', [id]);
      const { rows } = await thread.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement like $1',
        ['insert into v%'],
      );
      expect(rows.map((r) => r.statement)).toEqual(['insert into v values ($1)']);
    } finally {
      await thread.close();
    }
  });
});
