import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';

export type LinkPurpose = 'invitation' | 'device' | 'recovery';

/** How long each kind of link stays usable. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  invitation: 7 * 24 * 3600_000,
  device: 15 * 60_000,
  recovery: 24 * 3600_000,
};

export interface AccountLink {
  purpose: LinkPurpose;
  /** The account a device or recovery link adds a passkey to; none for an invitation. */
  userId: string | null;
  userName: string | null;
  expiresAt: Date;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new one-time link token (256 bits); only its hash is stored. */
export async function createAccountLink(
  db: Db,
  link: { purpose: LinkPurpose; userId?: string; createdBy: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS[link.purpose]);
  await db
    .insertInto('account_links')
    .values({
      token_hash: hashOf(token),
      purpose: link.purpose,
      user_id: link.userId ?? null,
      created_by: link.createdBy,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The link a token names while it is unused and unexpired; null otherwise (never says which). */
export async function peekAccountLink(db: Db, token: string, now = new Date()): Promise<AccountLink | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('account_links')
    .leftJoin('users', 'users.id', 'account_links.user_id')
    .select([
      'account_links.purpose',
      'account_links.user_id',
      'account_links.expires_at',
      'users.display_name',
    ])
    .where('account_links.token_hash', '=', hashOf(token))
    .where('account_links.used_at', 'is', null)
    .where('account_links.expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? { purpose: row.purpose, userId: row.user_id, userName: row.display_name, expiresAt: row.expires_at }
    : null;
}

/** Uses the link once: of two registrations racing for it, only one gets it. */
export async function consumeAccountLink(db: Db, token: string, now = new Date()): Promise<boolean> {
  const used = await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
