import type { Db } from '../connect';
import { hostKey } from '../host-key';
import { openHeaders, sealHeaders } from '../sealed-headers';

export interface StoredServer {
  id: string;
  userId: string;
  registration: unknown;
}

/**
 * Servers people registered in the UI; validated again by the registry when loaded. A URL server's
 * headers are sealed at rest (sealed-headers.ts) and opened here.
 */
export async function listStoredServers(
  db: Db,
  key: () => Buffer = () => hostKey(),
): Promise<StoredServer[]> {
  const rows = await db
    .selectFrom('mcp_servers')
    .select(['id', 'user_id', 'registration'])
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id, registration: openHeaders(r.registration, key) }));
}

export async function storeServer(
  db: Db,
  userId: string,
  id: string,
  registration: unknown,
  key: () => Buffer = () => hostKey(),
): Promise<boolean> {
  const result = await db
    .insertInto('mcp_servers')
    .values({ id, user_id: userId, registration: JSON.stringify(sealHeaders(registration, key)) })
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A user's server removed: its registration, and with it the user's remembered approvals of its
 * tools and their sign-in state for it, so a server added later under the same id inherits neither.
 */
export async function deleteStoredServer(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx
      .deleteFrom('mcp_servers')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await tx.deleteFrom('approval_rules').where('user_id', '=', userId).where('server_id', '=', id).execute();
    await tx.deleteFrom('server_auth').where('user_id', '=', userId).where('server_id', '=', id).execute();
    return true;
  });
}

/** One user's stored registration, or undefined when that user stores no server by this id. */
export async function storedServer(
  db: Db,
  userId: string,
  id: string,
  key: () => Buffer = () => hostKey(),
): Promise<unknown> {
  const row = await db
    .selectFrom('mcp_servers')
    .select('registration')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : openHeaders(row.registration, key);
}

/** A user's stored registration replaced (its admission mode switched); false when they store none by this id. */
export async function updateStoredServer(
  db: Db,
  userId: string,
  id: string,
  registration: unknown,
  key: () => Buffer = () => hostKey(),
): Promise<boolean> {
  const result = await db
    .updateTable('mcp_servers')
    .set({ registration: JSON.stringify(sealHeaders(registration, key)) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}
