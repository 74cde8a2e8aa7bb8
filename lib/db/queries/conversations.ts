import { sql } from 'kysely';
import type { Db } from '../connect';
import { prepared } from '../prepared';
import type { ConversationRow } from '../schema';

export interface ConversationSummary {
  id: string;
  title: string;
  chatMode: string;
  modelId: string | null;
  updatedAt: string;
}

function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    chatMode: row.chat_mode,
    modelId: row.model_id,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listConversations(db: Db, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .selectFrom('conversations')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map(toSummary);
}

export async function getConversation(
  db: Db,
  userId: string,
  id: string,
): Promise<ConversationSummary | null> {
  const row = await db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toSummary(row) : null;
}

export type EnsureResult =
  | { status: 'created' | 'existing'; conversation: ConversationSummary }
  | { status: 'forbidden' };

const ensureStatement = prepared<
  'id' | 'userId' | 'title' | 'chatMode' | 'modelId',
  ConversationRow & { created: boolean }
>((db, slot) =>
  db
    .insertInto('conversations')
    .values({
      id: slot('id'),
      user_id: slot('userId'),
      title: slot('title'),
      chat_mode: slot('chatMode'),
      model_id: slot('modelId'),
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ id: (eb) => eb.ref('excluded.id') })
        .where('conversations.user_id', '=', slot<string>('userId')),
    )
    .returningAll()
    .returning(sql<boolean>`xmax = 0`.as('created')),
);

/** Opens the user's conversation, creating it when the id is new; an id owned by someone else is refused. */
export async function ensureConversation(
  db: Db,
  userId: string,
  id: string,
  init: { title: string; chatMode: string; modelId: string | null },
): Promise<EnsureResult> {
  // One statement, one round trip on every turn. The user's own row takes a no-op update, so it comes
  // back, marked as not new by PostgreSQL's xmax; another user's row is left alone and nothing comes
  // back. About a third cheaper on PGlite than an insert and a select joined in one statement.
  const [row] = (await ensureStatement(db, { id, userId, ...init })).rows;
  if (!row) return { status: 'forbidden' };
  const { created, ...conversation } = row;
  return { status: created ? 'created' : 'existing', conversation: toSummary(conversation) };
}

export async function updateConversation(
  db: Db,
  userId: string,
  id: string,
  changes: { title?: string; chatMode?: string; modelId?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.chatMode !== undefined ? { chat_mode: changes.chatMode } : {}),
      ...(changes.modelId !== undefined ? { model_id: changes.modelId } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Replaces a conversation's title with a generated one only while it still has the title it was
 * opened with: a rename by the user in the meantime wins.
 */
export async function retitleConversation(
  db: Db,
  userId: string,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ title: to })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('title', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('conversations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
