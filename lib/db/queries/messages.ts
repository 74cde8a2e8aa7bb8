import type { UIMessage } from 'ai';
import { type QueryCreator, sql } from 'kysely';
import { pathTo } from '../../chat/message-tree';
import type { Db } from '../connect';
import { hostKey } from '../host-key';
import { prepared } from '../prepared';
import type { Database } from '../schema';
import { openParts, type SealRules, sealParts } from '../sealed-parts';

export interface SaveOptions extends SealRules {
  /** The sealing key; the host key when absent. */
  key?: () => Buffer;
  /**
   * The message this one follows (null: a first message, or a version of one). When absent, the
   * leaf of the branch the conversation shows, or its newest message.
   */
  parentId?: string | null;
}

/** A stored message with its place in the conversation's tree (lib/chat/message-tree.ts). */
export interface StoredNode {
  id: string;
  parentId: string | null;
  message: UIMessage;
}

/** Every message of a conversation, oldest first, and the leaf of the branch it shows. */
export interface StoredTree {
  nodes: StoredNode[];
  activeLeaf: string | null;
}

/**
 * The owner's messages of every branch, sealed parts opened (a wrong host key throws SealError),
 * with the conversation's shown leaf read in the same statement (the owner's conversation only).
 */
export async function listMessageTree(
  db: Db,
  userId: string,
  conversationId: string,
  key: () => Buffer = () => hostKey(),
): Promise<StoredTree> {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'role', 'parts', 'metadata', 'parent_id'])
    .select((eb) =>
      eb
        .selectFrom('conversations as c')
        .select('c.active_leaf')
        .whereRef('c.id', '=', 'messages.conversation_id')
        .whereRef('c.user_id', '=', 'messages.user_id')
        .as('active_leaf'),
    )
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return {
    activeLeaf: rows[0]?.active_leaf ?? null,
    nodes: rows.map((row) => ({
      id: row.id,
      parentId: row.parent_id,
      message: {
        id: row.id,
        role: row.role,
        parts: openParts(row.parts, key),
        ...(row.metadata != null ? { metadata: row.metadata } : {}),
      },
    })),
  };
}

/** The messages of the branch shown, root first. */
export function shownMessages(tree: StoredTree): UIMessage[] {
  return pathTo(tree.nodes, tree.activeLeaf).map((n) => n.message);
}

/** The owner's messages of the branch the conversation shows, sealed parts opened. */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  key: () => Buffer = () => hostKey(),
): Promise<UIMessage[]> {
  return shownMessages(await listMessageTree(db, userId, conversationId, key));
}

interface MessageRow {
  userId: string;
  conversationId: string;
  id: string;
  role: UIMessage['role'];
  parts: string;
  metadata: string | null;
  /** Whether `parentId` names the parent; otherwise the shown leaf is (SaveOptions.parentId). */
  parentGiven: boolean;
  parentId: string | null;
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
      // A message saved again keeps its place: only its parts and metadata change.
      parent_id: sql<
        string | null
      >`case when cast(${row.parentGiven} as boolean) then cast(${row.parentId} as text)
        else (select coalesce(c.active_leaf, (select m.id from messages m
          where m.conversation_id = c.id and m.user_id = c.user_id order by m.seq desc limit 1))
          from conversations c where c.id = ${row.conversationId} and c.user_id = ${row.userId}) end`,
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
  parentGiven: slot('parentGiven'),
  parentId: slot('parentId'),
});

// A message sent is shown: the conversation's branch now ends at it (lib/chat/message-tree.ts).
const upsertStatement = prepared<MessageSlot, never>((db, slot) =>
  db
    .with('saved', (qc) => upsertMessage(qc, rowSlots(slot)).returning('id'))
    .updateTable('conversations')
    .from('saved')
    .set((eb) => ({ active_leaf: eb.ref('saved.id') }))
    .where('conversations.id', '=', slot<string>('conversationId'))
    .where('conversations.user_id', '=', slot<string>('userId')),
);

// The reply saved, the conversation's running turn no longer marked (running-turns.ts) and the
// conversation marked updated, in one statement: no moment holds the reply and the marker both.
// The reply is shown when the branch shown ends at the message it answers (the user has not moved
// to another version meanwhile).
const replyStatement = prepared<MessageSlot | 'now', never>((db, slot) =>
  db
    .with('saved', (qc) => upsertMessage(qc, rowSlots(slot)).returning(['id', 'parent_id']))
    .with('ended', (qc) =>
      qc
        .deleteFrom('running_turns')
        .where('conversation_id', '=', slot<string>('conversationId'))
        .where('user_id', '=', slot<string>('userId'))
        .returning('turn_id'),
    )
    .updateTable('conversations')
    .set({
      updated_at: slot<Date>('now'),
      active_leaf: sql<string | null>`case when exists (select 1 from saved
        where conversations.active_leaf is null or conversations.active_leaf = saved.parent_id)
        then (select id from saved) else conversations.active_leaf end`,
    })
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
    parentGiven: options.parentId !== undefined,
    parentId: options.parentId ?? null,
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

/**
 * Shows the branch ending at `leafId`: true when it is a message of the owner's conversation (the
 * conversation is then updated), false otherwise (nothing changes).
 */
export async function showBranch(
  db: Db,
  userId: string,
  conversationId: string,
  leafId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('conversations')
    .set({ active_leaf: leafId })
    .where('id', '=', conversationId)
    .where('user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('messages')
          .select('messages.id')
          .where('messages.conversation_id', '=', conversationId)
          .where('messages.user_id', '=', userId)
          .where('messages.id', '=', leafId),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
