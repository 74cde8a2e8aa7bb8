import type { UIMessage } from 'ai';
import type { QueryCreator } from 'kysely';
import type { Db } from '../connect';
import { hostKey } from '../host-key';
import type { Database } from '../schema';
import { openParts, type SealRules, sealParts } from '../sealed-parts';

export interface SaveOptions extends SealRules {
  /** The sealing key; the host key when absent. */
  key?: () => Buffer;
}

/** The owner's messages, sealed parts opened (a wrong host key throws SealError). */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  key: () => Buffer = () => hostKey(),
): Promise<UIMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'role', 'parts', 'metadata'])
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    parts: openParts(row.parts, key),
    ...(row.metadata != null ? { metadata: row.metadata } : {}),
  }));
}

/** The upsert of one message (sealed parts); another user's message with the same id is never touched. */
function upsertMessage(
  qc: QueryCreator<Database>,
  userId: string,
  conversationId: string,
  message: UIMessage,
  options: SaveOptions,
) {
  const parts = JSON.stringify(sealParts(message.parts, options.key ?? (() => hostKey()), options));
  const metadata = message.metadata === undefined ? null : JSON.stringify(message.metadata);
  return qc
    .insertInto('messages')
    .values({
      conversation_id: conversationId,
      id: message.id,
      user_id: userId,
      role: message.role,
      parts,
      metadata,
    })
    .onConflict((oc) =>
      oc
        .columns(['conversation_id', 'id'])
        .doUpdateSet({ parts, metadata })
        .where('messages.user_id', '=', userId)
        .where('messages.role', '=', message.role),
    );
}

/**
 * Inserts a message, or replaces the parts of the one with the same id in the same conversation.
 * Parts that hold sensitive values are sealed (sealed-parts.ts).
 */
export async function saveMessage(
  db: Db,
  userId: string,
  conversationId: string,
  message: UIMessage,
  options: SaveOptions = {},
): Promise<void> {
  await upsertMessage(db, userId, conversationId, message, options).execute();
}

/**
 * A turn's reply: the message saved and the conversation marked updated, in one statement (one
 * round trip at the end of every turn; issue 14).
 */
export async function saveReply(
  db: Db,
  userId: string,
  conversationId: string,
  message: UIMessage,
  options: SaveOptions = {},
): Promise<void> {
  await db
    .with('saved', (qc) => upsertMessage(qc, userId, conversationId, message, options).returning('id'))
    .updateTable('conversations')
    .set({ updated_at: new Date() })
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes every message that came after the given one (regenerate replaces the reply that followed it). */
export async function deleteMessagesAfter(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<number> {
  const anchor = await db
    .selectFrom('messages')
    .select('seq')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!anchor) return 0;
  const result = await db
    .deleteFrom('messages')
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('seq', '>', anchor.seq)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function messageExists(db: Db, conversationId: string, messageId: string): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  return row !== undefined;
}
