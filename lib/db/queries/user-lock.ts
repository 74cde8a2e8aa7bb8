import 'server-only';
import { sql } from 'kysely';
import type { Db } from '../connect';

/**
 * Locks the user's row for the rest of the transaction `trx`: changes to one user's sessions or
 * passkeys take turns, each seeing what the one before left. False when the user does not exist.
 */
export async function lockUserRow(trx: Db, userId: string): Promise<boolean> {
  const { rows } = await sql`select 1 from users where id = ${userId} for update`.execute(trx);
  return rows.length > 0;
}
