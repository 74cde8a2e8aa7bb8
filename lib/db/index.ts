import 'server-only';
import { join } from 'node:path';
import { type Db, openDb } from './connect';

export type { Db } from './connect';
export { LOCAL_USER_ID } from './connect';

const holder = globalThis as unknown as { __mcpletDb?: Promise<Db> };

export function getDb(): Promise<Db> {
  if (!holder.__mcpletDb) {
    const dataRoot = process.env.DATA_DIR ?? join(process.cwd(), '.data');
    holder.__mcpletDb = openDb({
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: join(dataRoot, 'pglite'),
    }).catch((error: unknown) => {
      holder.__mcpletDb = undefined;
      throw error;
    });
  }
  return holder.__mcpletDb;
}
