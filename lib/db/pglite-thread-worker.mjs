// PGlite in a worker thread (lib/db/pglite-thread.ts says why). Plain JavaScript: the Next build does
// not bundle it; the host starts it by its path.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { statementRunner } from './pglite-statements.mjs';

/**
 * A database error as plain data: its message and PostgreSQL's fields (code, detail, ...). The file
 * system under PGlite throws objects that are not Errors (an ErrnoError carries only `errno`).
 */
function asData(error) {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  const message =
    typeof error.message === 'string' && error.message
      ? error.message
      : `${error.name ?? 'error'}${typeof error.errno === 'number' ? ` (errno ${error.errno})` : ''}`;
  return { ...fields, message };
}

let db;
let statements;
try {
  db = await PGlite.create(workerData.dataDir, { postgresqlconf: workerData.conf });
  statements = statementRunner(db);
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: asData(error) });
}

parentPort.on('message', async (message) => {
  if (message.type === 'collect') {
    // The host's idle collection (lib/runtime/idle-gc.ts), for this thread's heap: the last-resort
    // form collects and gives the pages back on Node 22 and later (gc exists under --expose-gc).
    globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    parentPort.postMessage({ id: message.id });
    return;
  }
  if (!db) return;
  if (message.type === 'close') {
    await db.close();
    parentPort.postMessage({ id: message.id });
    return;
  }
  try {
    const result = await statements.query(message.sql, message.params);
    parentPort.postMessage({ id: message.id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: asData(error) });
  }
});
