import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { idleCollection } from '@/lib/runtime/idle-gc';
import { PgliteThreadError, startPgliteThread } from './pglite-thread';

describe('PGlite in a worker thread', () => {
  it('answers queries with their parameters, rows typed as PGlite types them', async () => {
    const db = await startPgliteThread('memory://', 'shared_buffers=16MB');
    try {
      await db.query('create table t (id int primary key, at timestamptz, doc jsonb, raw bytea)', []);
      const inserted = await db.query('insert into t values ($1, $2, $3, $4), ($5, $2, $3, $4)', [
        1,
        new Date('2026-11-25T10:00:00Z'),
        JSON.stringify({ a: [1, 'x'] }),
        new Uint8Array([1, 2, 255]),
        2,
      ]);
      expect(inserted.affectedRows).toBe(2);
      const { rows } = await db.query<{ id: number; at: Date; doc: unknown; raw: Uint8Array }>(
        'select * from t where id = $1',
        [1],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(1);
      expect(rows[0]?.at).toBeInstanceOf(Date);
      expect(rows[0]?.at.toISOString()).toBe('2026-11-25T10:00:00.000Z');
      expect(rows[0]?.doc).toEqual({ a: [1, 'x'] });
      expect([...(rows[0]?.raw ?? [])]).toEqual([1, 2, 255]);
    } finally {
      await db.close();
    }
  });

  it("a failed query rejects with PostgreSQL's code, and the thread goes on answering", async () => {
    const db = await startPgliteThread('memory://', 'shared_buffers=16MB');
    try {
      await db.query('create table u (id int primary key)', []);
      await db.query('insert into u values (1)', []);
      const failure = await db.query('insert into u values (1)', []).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PgliteThreadError);
      expect(failure).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from u', []);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('a data directory that cannot be opened fails the start with the reason', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pglite-thread-')), 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(startPgliteThread(file, 'shared_buffers=16MB')).rejects.toThrow(/ErrnoError \(errno \d+\)/);
  });

  it('after close, a query is refused instead of waiting forever', async () => {
    const db = await startPgliteThread('memory://', 'shared_buffers=16MB');
    await db.close();
    await expect(db.query('select 1', [])).rejects.toThrow(/database thread ended/);
  });

  it("is told of the host's idle collection while it runs, and no more once closed", async () => {
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    const collects = () =>
      posted.mock.calls.filter(([message]) => (message as { type?: string }).type === 'collect');
    try {
      const db = await startPgliteThread('memory://', 'shared_buffers=16MB');
      idleCollection(() => {});
      expect(collects()).toHaveLength(1);
      expect((await db.query<{ one: number }>('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
      await db.close();
      idleCollection(() => {});
      expect(collects()).toHaveLength(1);
    } finally {
      posted.mockRestore();
    }
  });
});
