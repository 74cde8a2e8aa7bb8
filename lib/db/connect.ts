import 'server-only';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { log } from '../log/logger';
import { migrateToLatest } from './migrations';
import { pglitePool } from './pglite-pool';
import { statementRunner } from './pglite-statements.mjs';
import { startPgliteThread } from './pglite-thread';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DbTarget {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  schema?: string;
  /** PGlite in a worker thread (the host's own database; lib/db/pglite-thread.ts says why). */
  thread?: boolean;
}

export const LOCAL_USER_ID = 'local';

/**
 * PGlite's PostgreSQL defaults to 128 MB of shared buffers, held in the WebAssembly memory for the
 * life of the process (the host's memory goal, docs/architecture.md); the host's tables are small and the files behind
 * them stay in the OS page cache.
 */
const PGLITE_CONF = 'shared_buffers=16MB';

export async function openDb(target: DbTarget): Promise<Db> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: await poolFor(target) }) });
  await migrateToLatest(db as Kysely<unknown>, target.databaseUrl ? target.schema : undefined);
  await db
    .insertInto('users')
    .values({ id: LOCAL_USER_ID, display_name: 'Local user' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return db;
}

export type PoolErrorLog = (message: string, error: Error) => void;

const logPoolError: PoolErrorLog = (message, error) => log('error', message, { error });

/**
 * A PostgreSQL pool whose connection errors are handled. `pg` emits `error` on a connection the
 * server dropped (a restart, a failover, a network cut), idle in the pool or in use; with no listener
 * that is an uncaughtException, which takes the host down. Handled, the dropped connection is logged
 * and discarded, a query on it rejects as usual, and the next query opens a new one.
 */
export function guardedPgPool(config: pg.PoolConfig, report: PoolErrorLog = logPoolError): pg.Pool {
  const pool = new pg.Pool(config);
  // The pool passes on an idle connection's error, which that connection's own listener reports.
  pool.on('error', () => {});
  pool.on('connect', (client) =>
    client.on('error', (error) =>
      report('[db] a PostgreSQL connection was lost; the next query opens a new one:', error),
    ),
  );
  return pool;
}

async function poolFor(target: DbTarget) {
  if (target.databaseUrl) {
    const options = target.schema ? `-c search_path=${target.schema}` : undefined;
    // A database that does not answer at all (a dropped route, a frozen server) fails a request in
    // seconds as a 503 naming it, instead of holding it until the client gives up.
    return guardedPgPool({
      connectionString: target.databaseUrl,
      max: 10,
      options,
      connectionTimeoutMillis: 5_000,
    });
  }
  const dataDir = target.dataDir ?? join(process.cwd(), '.data', 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const lite = target.thread
    ? await startPgliteThread(dataDir, PGLITE_CONF)
    : statementRunner(await PGlite.create(dataDir, { postgresqlconf: PGLITE_CONF }));
  return pglitePool(lite);
}
