import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteLike } from './pglite-thread';

type Command = PostgresQueryResult<unknown>['command'];

function commandOf(sql: string): Command {
  const word = sql.trimStart().slice(0, 6).toUpperCase();
  if (word === 'INSERT' || word === 'UPDATE' || word === 'DELETE' || word === 'SELECT') return word;
  return 'SELECT';
}

/**
 * PGlite is one connection. Kysely's Postgres driver expects a pool; this one lends that single
 * connection to one borrower at a time so a transaction never interleaves with other queries.
 */
export function pglitePool(db: PgliteLike): PostgresPool {
  let tail: Promise<void> = Promise.resolve();

  async function connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = tail;
    tail = previous.then(() => turn);
    await previous;
    let released = false;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') throw new Error('PGlite pool does not support cursors');
      return db.query<R>(sqlOrCursor, parameters ? [...parameters] : []).then((result) => ({
        command: commandOf(sqlOrCursor),
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      }));
    }
    return {
      query,
      release() {
        if (released) return;
        released = true;
        release();
      },
    };
  }

  return {
    connect,
    async end() {
      await tail;
      await db.close();
    },
  };
}
