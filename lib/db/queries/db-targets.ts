import 'server-only';
import pg from 'pg';
import { type Db, openDb } from '../connect';

export interface DbTestTarget {
  name: string;
  open(): Promise<Db>;
  close(db: Db): Promise<void>;
}

/** Storage tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set (each in a schema of its own). */
export function dbTestTargets(): DbTestTarget[] {
  const targets: DbTestTarget[] = [
    { name: 'PGlite', open: () => openDb({ dataDir: 'memory://' }), close: (db) => db.destroy() },
    {
      name: 'PGlite in a worker thread',
      open: () => openDb({ dataDir: 'memory://', thread: true }),
      close: (db) => db.destroy(),
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return targets;
  const schema = `t_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  targets.push({
    name: 'PostgreSQL',
    async open() {
      await admin(`create schema ${schema}`);
      return openDb({ databaseUrl: pgUrl, schema });
    },
    async close(db) {
      await db.destroy();
      await admin(`drop schema ${schema} cascade`);
    },
  });
  return targets;
}
