import { rmSync } from 'node:fs';
import pg from 'pg';

// Each e2e run starts from an empty database.
if (process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });

// The hosted host's PostgreSQL database (E2E_FRESH_DATABASE names it), made anew on the server of
// TEST_DATABASE_URL.
const fresh = process.env.E2E_FRESH_DATABASE;
if (fresh) {
  if (!/^[a-z_][a-z0-9_]*$/.test(fresh)) throw new Error(`E2E_FRESH_DATABASE "${fresh}" is not a plain name`);
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${fresh} with (force)`);
  await admin.query(`create database ${fresh}`);
  await admin.end();
  base.pathname = `/${fresh}`;
  process.env.DATABASE_URL = base.toString();
}

await import('../../scripts/start');
