import 'server-only';
import type { Db } from '../connect';
import { hostKey } from '../host-key';
import { seal, unseal } from '../seal';

/**
 * One user's OAuth state for one MCP server, as JSON sealed with the host key. The
 * shape belongs to lib/mcp/oauth; here it is opaque. `pendingState` is the `state` of an
 * authorization in flight (a random nonce, not a secret), kept in clear so the callback finds it.
 */
export interface ServerAuthRow {
  userId: string;
  serverId: string;
  pendingState: string | null;
  data: unknown;
}

export async function loadServerAuth(
  db: Db,
  userId: string,
  serverId: string,
  key: () => Buffer = () => hostKey(),
): Promise<ServerAuthRow | undefined> {
  const row = await db
    .selectFrom('server_auth')
    .select(['pending_state', 'sealed'])
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { userId, serverId, pendingState: row.pending_state, data: unseal(row.sealed, key()) };
}

/** Whose authorization in flight `state` names; the caller checks it is the signed-in user's. */
export async function findServerAuthByState(
  db: Db,
  state: string,
): Promise<{ userId: string; serverId: string } | undefined> {
  const row = await db
    .selectFrom('server_auth')
    .select(['user_id', 'server_id'])
    .where('pending_state', '=', state)
    .executeTakeFirst();
  return row ? { userId: row.user_id, serverId: row.server_id } : undefined;
}

export async function saveServerAuth(
  db: Db,
  row: ServerAuthRow,
  key: () => Buffer = () => hostKey(),
): Promise<void> {
  const values = {
    user_id: row.userId,
    server_id: row.serverId,
    pending_state: row.pendingState,
    sealed: seal(row.data, key()),
  };
  await db
    .insertInto('server_auth')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'server_id']).doUpdateSet({
        pending_state: values.pending_state,
        sealed: values.sealed,
        updated_at: new Date(),
      }),
    )
    .execute();
}

export async function deleteServerAuth(db: Db, userId: string, serverId: string): Promise<void> {
  await db
    .deleteFrom('server_auth')
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .execute();
}
