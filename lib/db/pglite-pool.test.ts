import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pglitePool, transactionStatement } from './pglite-pool';
import { type PgliteLike, startPgliteThread } from './pglite-thread';

/** A database that records each statement as it arrives and answers when told. */
function heldDb() {
  const arrived: string[] = [];
  const answers: Array<() => void> = [];
  const db: PgliteLike = {
    query<R>(text: string) {
      arrived.push(text);
      return new Promise<{ rows: R[] }>((resolve) => answers.push(() => resolve({ rows: [] })));
    },
    close: async () => {},
  };
  return {
    db,
    arrived,
    answerAll() {
      for (const answer of answers.splice(0)) answer();
    },
  };
}

/** Borrower `a` opens a transaction while borrower `b` asks for a statement of its own. */
async function transactionBesideAnother() {
  const held = heldDb();
  const pool = pglitePool(held.db);
  const a = await pool.connect();
  const b = await pool.connect();
  return { ...held, a, begun: a.query('begin', []), other: b.query('select 1', []) };
}

/** Lets every pending promise reaction run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pglitePool (statements reach the database thread without waiting for each other)', () => {
  it('names the statements that open and end a transaction', () => {
    expect(transactionStatement('begin')).toBe('begin');
    expect(transactionStatement('  BEGIN')).toBe('begin');
    expect(transactionStatement('start transaction isolation level serializable')).toBe('begin');
    expect(transactionStatement('commit')).toBe('end');
    expect(transactionStatement('rollback')).toBe('end');
    expect(transactionStatement('rollback to "sp1"')).toBeNull();
    expect(transactionStatement('savepoint "sp1"')).toBeNull();
    expect(transactionStatement('select 1')).toBeNull();
    expect(transactionStatement('insert into t values (1)')).toBeNull();
  });

  it('sends the statements of several borrowers at once, before any has come back', async () => {
    const { db, arrived, answerAll } = heldDb();
    const pool = pglitePool(db);
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const results = clients.map((client, i) => client.query(`select ${i}`, []));
    await settle();
    expect(arrived).toEqual(['select 0', 'select 1', 'select 2']);
    answerAll();
    await Promise.all(results);
  });

  it("holds other borrowers' statements from a transaction's begin to its end", async () => {
    const { arrived, answerAll, a, begun, other } = await transactionBesideAnother();
    const inside = a.query('insert into t values (1)', []);
    await settle();
    expect(arrived).toEqual(['begin', 'insert into t values (1)']);
    answerAll();
    await Promise.all([begun, inside]);
    const committed = a.query('commit', []);
    await settle();
    expect(arrived).toEqual(['begin', 'insert into t values (1)', 'commit']);
    answerAll();
    await committed;
    await settle();
    expect(arrived.at(-1)).toBe('select 1');
    answerAll();
    await other;
  });

  it('rolls back a transaction its borrower released open, then lets the others go', async () => {
    const { arrived, answerAll, a, begun, other } = await transactionBesideAnother();
    await settle();
    answerAll();
    await begun;
    a.release();
    await settle();
    expect(arrived).toEqual(['begin', 'rollback']);
    answerAll();
    await settle();
    expect(arrived).toEqual(['begin', 'rollback', 'select 1']);
    answerAll();
    await other;
  });

  it.each([
    ['in this thread', () => PGlite.create('memory://')],
    ['in its own thread', () => startPgliteThread('memory://', 'shared_buffers=16MB')],
  ])(
    "on PGlite %s: a statement sent while another borrower's transaction is open is not rolled back with it",
    async (_, open) => {
      const lite: PgliteLike = await open();
      const db = new Kysely<{ t: { x: number } }>({
        dialect: new PostgresDialect({ pool: pglitePool(lite) }),
      });
      try {
        await sql`create table t (x int)`.execute(db);
        let outside: Promise<unknown> = Promise.resolve();
        await expect(
          db.transaction().execute(async (trx) => {
            await trx.insertInto('t').values({ x: 1 }).execute();
            outside = db.insertInto('t').values({ x: 2 }).execute();
            // Two more round trips inside the transaction: the outside statement is on its way meanwhile.
            await trx.selectFrom('t').selectAll().execute();
            await trx.selectFrom('t').selectAll().execute();
            throw new Error('undo the transaction');
          }),
        ).rejects.toThrow('undo the transaction');
        await outside;
        const rows = await db.selectFrom('t').select('x').execute();
        expect(rows).toEqual([{ x: 2 }]);
      } finally {
        await db.destroy();
      }
    },
  );

  it("on PGlite: transactions started together take turns, so none loses another one's write", async () => {
    const lite = await PGlite.create('memory://');
    const db = new Kysely<{ counter: { n: number } }>({
      dialect: new PostgresDialect({ pool: pglitePool(lite) }),
    });
    try {
      await sql`create table counter (n int)`.execute(db);
      await db.insertInto('counter').values({ n: 0 }).execute();
      await Promise.all(
        Array.from({ length: 20 }, () =>
          db.transaction().execute(async (trx) => {
            const { n } = await trx.selectFrom('counter').select('n').executeTakeFirstOrThrow();
            await trx
              .updateTable('counter')
              .set({ n: n + 1 })
              .execute();
          }),
        ),
      );
      const { n } = await db.selectFrom('counter').select('n').executeTakeFirstOrThrow();
      expect(n).toBe(20);
    } finally {
      await db.destroy();
    }
  });

  it('on PGlite: many statements at once all run, each with its own result', async () => {
    const lite = await PGlite.create('memory://');
    const db = new Kysely<{ t: { x: number } }>({ dialect: new PostgresDialect({ pool: pglitePool(lite) }) });
    try {
      await sql`create table t (x int)`.execute(db);
      await Promise.all(Array.from({ length: 50 }, (_, x) => db.insertInto('t').values({ x }).execute()));
      const sums = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          db
            .selectFrom('t')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('x', '<', n)
            .executeTakeFirstOrThrow(),
        ),
      );
      expect(sums.map((s) => Number(s.n))).toEqual(Array.from({ length: 20 }, (_, n) => n));
    } finally {
      await db.destroy();
    }
  });
});
