import 'server-only';
import type { Db } from '../connect';
import { hostKey } from '../host-key';
import { isSealed, seal, unseal } from '../seal';

export interface NewAttachment {
  id: string;
  name: string;
  mediaType: string;
  size: number;
  /** The bytes, base64. */
  base64: string;
  /** Sealed at rest (docs/sensitive-output.md): a text file that holds a credential. */
  sealed: boolean;
}

export interface StoredAttachment {
  id: string;
  name: string;
  mediaType: string;
  size: number;
  base64: string;
}

/** Stores a message's attachments under their user and conversation. */
export async function insertAttachments(
  db: Db,
  userId: string,
  conversationId: string,
  files: readonly NewAttachment[],
  key: () => Buffer = () => hostKey(),
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('attachments')
    .values(
      files.map((f) => ({
        id: f.id,
        user_id: userId,
        conversation_id: conversationId,
        name: f.name,
        media_type: f.mediaType,
        size: f.size,
        data: f.sealed ? seal(f.base64, key()) : f.base64,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The user's own attachments among `ids` (another user's id finds nothing), sealed ones opened. */
export async function userAttachments(
  db: Db,
  userId: string,
  ids: readonly string[],
  key: () => Buffer = () => hostKey(),
): Promise<Map<string, StoredAttachment>> {
  const found = new Map<string, StoredAttachment>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'name', 'media_type', 'size', 'data'])
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) {
    const base64 = isSealed(row.data) ? String(unseal(row.data, key())) : row.data;
    found.set(row.id, { id: row.id, name: row.name, mediaType: row.media_type, size: row.size, base64 });
  }
  return found;
}

/** Which of `ids` are the user's own (no bytes read). */
export async function ownedAttachmentIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('attachments')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}
