import { openDb } from '../lib/db/connect';
import { hostKey } from '../lib/db/host-key';
import { openEverySealed } from '../lib/db/queries/sealed-check';
import { SealError } from '../lib/db/seal';

/**
 * The last step of a restore drill (docs/operations.md): opens every sealed value of the database at
 * DATABASE_URL with HOST_KEY, as the host would after starting on them. Migrates first, as the host
 * does at start, so a backup from an older release is checked as the new one will read it.
 *   docker compose exec -e DATABASE_URL=postgres://mcplet:mcplet@db:5432/mcplet_drill app npm run sealed-check
 */
function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) fail('DATABASE_URL is required: the PostgreSQL database to check (postgres://…).');
let key: Buffer;
try {
  key = hostKey(process.env, 'hosted');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const db = await openDb({ databaseUrl });
try {
  const counts = await openEverySealed(db, key);
  console.log(
    `Every sealed value opened with this HOST_KEY: ${counts.messageParts} message parts, ${counts.serverHeaders} servers' headers, ${counts.serverAuth} OAuth states.`,
  );
} catch (error) {
  if (error instanceof SealError) fail(error.message);
  throw error;
} finally {
  await db.destroy();
}
