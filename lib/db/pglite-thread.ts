import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { onIdleCollection } from '@/lib/runtime/idle-gc';

/** What the PGlite pool needs of a database: one query at a time, and a close. */
export interface PgliteLike {
  query<R>(sql: string, params: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

interface Reply {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  error?: { message: string; [field: string]: unknown };
}

type Started = { type: 'ready' } | { type: 'failed'; error: { message: string } };

/** An error from the database thread, carrying PostgreSQL's fields (`code`, `detail`, ...). */
export class PgliteThreadError extends Error {
  constructor(fields: { message: string; [field: string]: unknown }) {
    super(fields.message);
    Object.assign(this, fields);
    this.name = 'PgliteThreadError';
  }
}

/**
 * PGlite's PostgreSQL is WebAssembly; on the server's own thread every query is CPU taken
 * from the chat streams (about 14% of a turn's). In a worker thread it runs on another core. The
 * worker is plain JavaScript started by its path, beside this file in the source tree.
 */
export function startPgliteThread(dataDir: string, conf: string): Promise<PgliteLike> {
  const worker = new Worker(join(process.cwd(), 'lib/db/pglite-thread-worker.mjs'), {
    workerData: { dataDir, conf },
  });
  const waiting = new Map<number, { resolve(reply: Reply): void; reject(error: Error): void }>();
  let next = 0;
  let broken: Error | null = null;
  const failAll = (error: Error) => {
    broken = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  const ask = (message: Record<string, unknown>) =>
    new Promise<Reply>((resolve, reject) => {
      if (broken) {
        reject(broken);
        return;
      }
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });

  // The thread's heap holds the garbage of the queries a burst made; it is collected with the host's.
  const stopCollecting = onIdleCollection(() => {
    if (!broken) ask({ type: 'collect' }).catch(() => {});
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => {
    stopCollecting();
    failAll(new Error(`the database thread ended (exit code ${code})`));
  });

  const database: PgliteLike = {
    async query<R>(sql: string, params: unknown[]) {
      const reply = await ask({ type: 'query', sql, params });
      if (reply.error) throw new PgliteThreadError(reply.error);
      return { rows: (reply.rows ?? []) as R[], affectedRows: reply.affectedRows };
    },
    async close() {
      stopCollecting();
      if (!broken) await ask({ type: 'close' });
      await worker.terminate();
    },
  };

  return new Promise((resolve, reject) => {
    const onStart = (message: Started | Reply) => {
      if ('id' in message) {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        pending?.resolve(message);
        return;
      }
      if (message.type === 'ready') resolve(database);
      else {
        reject(new PgliteThreadError(message.error));
        void worker.terminate();
      }
    };
    worker.on('message', onStart);
    worker.once('exit', (code) =>
      reject(new Error(`the database thread ended at start (exit code ${code})`)),
    );
  });
}
