import type { Db } from '../connect';

export interface StoredServer {
  id: string;
  userId: string;
  registration: unknown;
}

/** Servers people registered in the UI; validated again by the registry when loaded. */
export async function listStoredServers(db: Db): Promise<StoredServer[]> {
  const rows = await db
    .selectFrom('mcp_servers')
    .select(['id', 'user_id', 'registration'])
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.user_id, registration: r.registration }));
}

export async function storeServer(
  db: Db,
  userId: string,
  id: string,
  registration: unknown,
): Promise<boolean> {
  const result = await db
    .insertInto('mcp_servers')
    .values({ id, user_id: userId, registration: JSON.stringify(registration) })
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
export async function storedServer(db: Db, userId: string, id: string): Promise<unknown> {
  const row = await db
    .selectFrom('mcp_servers')
    .select('registration')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.registration;
}
