import 'server-only';
import { type Db, openDb } from './connect';
import { pgliteDir } from './pglite-dir';

export type { Db } from './connect';
export { LOCAL_USER_ID } from './connect';

const holder = globalThis as unknown as { __mcpletDb?: Promise<Db> };

/**
 * Whether the host keeps its data in the embedded PGlite (no DATABASE_URL): a database only this
 * process opens, so what it last wrote is what a read would return.
 */
export function embeddedDb(): boolean {
  return !process.env.DATABASE_URL;
}

export function getDb(): Promise<Db> {
  if (!holder.__mcpletDb) {
    holder.__mcpletDb = openDb({
      databaseUrl: embeddedDb() ? undefined : process.env.DATABASE_URL,
      dataDir: pgliteDir(),
      thread: true,
    }).catch((error: unknown) => {
      holder.__mcpletDb = undefined;
      throw error;
    });
  }
  return holder.__mcpletDb;
}
