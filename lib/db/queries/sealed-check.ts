import 'server-only';
import type { Db } from '../connect';
import { isSealed, SealError, unseal } from '../seal';

/** How many sealed values opened, by where they are kept. */
export interface SealedCounts {
  messageParts: number;
  serverHeaders: number;
  serverAuth: number;
}

const BATCH = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function open(sealed: string, key: Buffer, where: string): void {
  try {
    unseal(sealed, key);
  } catch (error) {
    if (error instanceof SealError) throw new SealError(`${error.message} (${where})`);
    throw error;
  }
}

/**
 * Opens every value the host sealed under its key (lib/db/seal.ts) across all users: message parts
 * (sealed-parts.ts), the headers of users' URL servers (sealed-headers.ts) and OAuth state
 * (server-auth.ts). A restore drill (docs/operations.md) runs it on the restored database with the
 * key the host will start with: the first value that does not open stops it with a SealError naming
 * where it is, before any user meets it. Across users by design: it is the operator's, run from
 * scripts/sealed-check.ts on the machine; no route reaches it, and it returns counts, never values.
 */
export async function openEverySealed(db: Db, key: Buffer): Promise<SealedCounts> {
  const counts: SealedCounts = { messageParts: 0, serverHeaders: 0, serverAuth: 0 };
  // Keyset pages: a large database is read a batch at a time, never whole.
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('messages')
      .select(['seq', 'id', 'conversation_id', 'parts'])
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      for (const part of Array.isArray(row.parts) ? row.parts : []) {
        if (!isRecord(part) || !isSealed(part.sealed)) continue;
        open(part.sealed, key, `message ${row.id} of conversation ${row.conversation_id}`);
        counts.messageParts += 1;
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = last.seq;
  }
  const servers = await db.selectFrom('mcp_servers').select(['id', 'user_id', 'registration']).execute();
  for (const row of servers) {
    const transport = isRecord(row.registration) ? row.registration.transport : undefined;
    if (!isRecord(transport) || !isSealed(transport.headers)) continue;
    open(transport.headers, key, `the headers of server ${row.id} of user ${row.user_id}`);
    counts.serverHeaders += 1;
  }
  const auth = await db.selectFrom('server_auth').select(['server_id', 'user_id', 'sealed']).execute();
  for (const row of auth) {
    open(row.sealed, key, `the OAuth state of server ${row.server_id} of user ${row.user_id}`);
    counts.serverAuth += 1;
  }
  return counts;
}
