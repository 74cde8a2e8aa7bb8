import type { UIMessage } from 'ai';
import type { QueryCreator } from 'kysely';
import type { Db } from '../connect';
import { hostKey } from '../host-key';
import { prepared } from '../prepared';
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

interface MessageRow {
  userId: string;
  conversationId: string;
  id: string;
  role: UIMessage['role'];
  parts: string;
  metadata: string | null;
}

type MessageSlot = keyof MessageRow;

/** The upsert of one message; another user's message with the same id is never touched. */
function upsertMessage(qc: QueryCreator<Database>, row: MessageRow) {
  const { parts, metadata } = row;
  return qc
    .insertInto('messages')
    .values({
      conversation_id: row.conversationId,
      id: row.id,
      user_id: row.userId,
      role: row.role,
      parts,
      metadata,
    })
    .onConflict((oc) =>
      oc
        .columns(['conversation_id', 'id'])
        .doUpdateSet({ parts, metadata })
        .where('messages.user_id', '=', row.userId)
        .where('messages.role', '=', row.role),
    );
}

const rowSlots = (slot: <T>(name: MessageSlot) => T): MessageRow => ({
  userId: slot('userId'),
  conversationId: slot('conversationId'),
  id: slot('id'),
  role: slot('role'),
  parts: slot('parts'),
  metadata: slot('metadata'),
});

const upsertStatement = prepared<MessageSlot, never>((db, slot) => upsertMessage(db, rowSlots(slot)));

// The reply saved, the conversation's running turn no longer marked (running-turns.ts) and the
// conversation marked updated, in one statement: no moment holds the reply and the marker both.
const replyStatement = prepared<MessageSlot | 'now', never>((db, slot) =>
  db
    .with('saved', (qc) => upsertMessage(qc, rowSlots(slot)).returning('id'))
    .with('ended', (qc) =>
      qc
        .deleteFrom('running_turns')
        .where('conversation_id', '=', slot<string>('conversationId'))
        .where('user_id', '=', slot<string>('userId'))
        .returning('turn_id'),
    )
    .updateTable('conversations')
    .set({ updated_at: slot<Date>('now') })
    .where('id', '=', slot<string>('conversationId'))
    .where('user_id', '=', slot<string>('userId')),
);

/** The message as stored: parts that hold sensitive values sealed (sealed-parts.ts). */
function rowOf(userId: string, conversationId: string, message: UIMessage, options: SaveOptions): MessageRow {
  return {
    userId,
    conversationId,
    id: message.id,
    role: message.role,
    parts: JSON.stringify(sealParts(message.parts, options.key ?? (() => hostKey()), options)),
    metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
  };
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
  await upsertStatement(db, rowOf(userId, conversationId, message, options));
}

/**
 * A turn's reply: the message saved, the conversation's running-turn marker cleared and the
 * conversation marked updated, in one statement (one round trip at the end of every turn).
 */
export async function saveReply(
  db: Db,
  userId: string,
  conversationId: string,
  message: UIMessage,
  options: SaveOptions = {},
): Promise<void> {
  await replyStatement(db, { ...rowOf(userId, conversationId, message, options), now: new Date() });
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
