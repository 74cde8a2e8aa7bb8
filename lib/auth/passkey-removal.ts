import 'server-only';
import { sql } from 'kysely';
import type { Db } from '../db';
import { lockUserRow } from '../db/queries/user-lock';

export type PasskeyRemoval = 'removed' | 'last' | 'not-found';

/**
 * Removes one of a user's sign-in passkeys, never the last: the user's row is locked first, so two
 * removals at once take turns and the second counts what the first left. A passkey that
 * is not the user's is `not-found` and left alone. The database's own trigger (migration 0012) holds
 * the same rule for any other path.
 */
export async function removeSignInPasskey(
  db: Db,
  userId: string,
  passkeyId: string,
): Promise<PasskeyRemoval> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockUserRow(trx, userId))) return 'not-found';
    const owned = await sql<{ id: string }>`
      select id from auth_passkeys where user_id = ${userId}`.execute(trx);
    if (!owned.rows.some((row) => row.id === passkeyId)) return 'not-found';
    if (owned.rows.length <= 1) return 'last';
    await sql`delete from auth_passkeys where id = ${passkeyId} and user_id = ${userId}`.execute(trx);
    return 'removed';
  });
}
