import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDb } from './connect';

describe('issue 14: the embedded database stays small', () => {
  it('PGlite runs with 16 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(db);
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await db.destroy();
    }
  });
});
