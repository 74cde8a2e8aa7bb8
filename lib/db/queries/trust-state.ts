import 'server-only';
import type { Db } from '../connect';

/** A conversation's stored trust state as JSON text, or null when it has none (or is not the user's). */
export async function loadTrustState(db: Db, userId: string, conversationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('conversations')
    .select('trust_state')
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.trust_state === null || row.trust_state === undefined) return null;
  return typeof row.trust_state === 'string' ? row.trust_state : JSON.stringify(row.trust_state);
}

/** Stores the state (JSON text); a conversation that is not the user's is left alone. */
export async function saveTrustState(
  db: Db,
  userId: string,
  conversationId: string,
  state: string,
): Promise<void> {
  await db
    .updateTable('conversations')
    .set({ trust_state: state })
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The user's conversations with a trust state, newest first (the preview lists them). */
export async function listTrustStates(
  db: Db,
  userId: string,
): Promise<Array<{ id: string; title: string; state: string }>> {
  const rows = await db
    .selectFrom('conversations')
    .select(['id', 'title', 'trust_state'])
    .where('user_id', '=', userId)
    .where('trust_state', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    state: typeof r.trust_state === 'string' ? r.trust_state : JSON.stringify(r.trust_state),
  }));
}
