import { openDb } from '../lib/db/connect';
import { pgliteDir } from '../lib/db/pglite-dir';

/**
 * Creates the embedded database (initdb and migrations) in a process of its own: initdb's
 * WebAssembly memory is never given back, and the Next server that opens the database afterwards
 * does not carry it (about 500 MB of resident memory on a first start).
 */
const db = await openDb({ dataDir: pgliteDir() });
await db.destroy();
