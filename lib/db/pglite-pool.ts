import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteLike } from './pglite-thread';

type Command = PostgresQueryResult<unknown>['command'];

function commandOf(sql: string): Command {
  const word = sql.trimStart().slice(0, 6).toUpperCase();
  if (word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'SELECT') return word;
  return 'SELECT';
}

/** Kysely opens a transaction with `begin` or `start transaction ...` and ends it with `commit` or `rollback`. */
export function transactionStatement(sql: string): 'begin' | 'end' | null {
  const head = sql.trimStart().slice(0, 17).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start transaction')) return 'begin';
  // `rollback to <savepoint>` stays inside the transaction.
  if (head.startsWith('commit') || (head.startsWith('rollback') && !/^rollback\s+to\b/.test(head)))
    return 'end';
  return null;
}

/**
 * PGlite is one connection. Kysely's Postgres driver expects a pool; this one lends the connection
 * to every borrower at once, and PGlite runs their statements in the order they were sent. Only a
 * transaction takes it alone: from its `begin` to its end, other borrowers' statements wait, so none
 * runs inside another's transaction. Lent to one borrower at a time, each statement waited
 * for the one before to come back to this thread; under load that return waited behind the chat
 * streams' work while the database thread sat idle (200 new conversations at once: their first
 * statement waited 0.5-1 s).
 */
export function pglitePool(db: PgliteLike): PostgresPool {
  /** The borrower whose transaction is open, and the end of it that others wait for. */
  let owner: object | null = null;
  let ownerEnded: Promise<void> = Promise.resolve();
  let endOwnership: () => void = () => {};
  const inFlight = new Set<Promise<unknown>>();

  function take(borrower: object): void {
    owner = borrower;
    ownerEnded = new Promise<void>((resolve) => {
      endOwnership = resolve;
    });
  }

  function giveBack(borrower: object): void {
    if (owner !== borrower) return;
    owner = null;
    endOwnership();
  }

  function send<R>(sql: string, parameters: unknown[]): Promise<PostgresQueryResult<R>> {
    const sent = db.query<R>(sql, parameters).then((result) => ({
      command: commandOf(sql),
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    }));
    inFlight.add(sent);
    const settled = () => inFlight.delete(sent);
    sent.then(settled, settled);
    return sent;
  }

  async function connect(): Promise<PostgresPoolClient> {
    const borrower = {};
    let released = false;

    async function run<R>(sql: string, parameters: unknown[]): Promise<PostgresQueryResult<R>> {
      const statement = transactionStatement(sql);
      while (owner !== null && owner !== borrower) await ownerEnded;
      if (statement === 'begin' && owner === null) take(borrower);
      if (statement !== 'end' || owner !== borrower) return send<R>(sql, parameters);
      try {
        return await send<R>(sql, parameters);
      } finally {
        giveBack(borrower);
      }
    }

    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') throw new Error('PGlite pool does not support cursors');
      return run<R>(sqlOrCursor, parameters ? [...parameters] : []);
    }

    return {
      query,
      release() {
        if (released) return;
        released = true;
        // A transaction left open would take in every statement after it: it is rolled back first.
        if (owner === borrower) {
          send('rollback', []).then(
            () => giveBack(borrower),
            () => giveBack(borrower),
          );
        }
      },
    };
  }

  return {
    connect,
    async end() {
      while (owner !== null) await ownerEnded;
      await Promise.allSettled([...inFlight]);
      await db.close();
    },
  };
}
