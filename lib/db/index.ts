import 'server-only';
import { type Db, openDb } from './connect';
import { pgliteDir } from './pglite-dir';

export type { Db } from './connect';
export { LOCAL_USER_ID } from './connect';

const holder = globalThis as unknown as { __mcpletDb?: Promise<Db> };

export function getDb(): Promise<Db> {
  if (!holder.__mcpletDb) {
    holder.__mcpletDb = openDb({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: pgliteDir(),
      thread: true,
    }).catch((error: unknown) => {
      holder.__mcpletDb = undefined;
      throw error;
    });
  }
  return holder.__mcpletDb;
}
