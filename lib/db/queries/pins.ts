import type { Db } from '../connect';

/** A tool's accepted definition (or a view's HTML hash), per user and server (docs/security.md, "Rug-pulls"). */
export interface StoredPin {
  userId: string;
  serverId: string;
  kind: 'tool' | 'view';
  name: string;
  hash: string;
  /**
   * For a tool: the pinned definition and how the host read it, shown in the diff. For a view: its
   * size, CSP and permissions, and its HTML while small enough (lib/trust/view-pin.ts), for the review.
   */
  pinned: unknown;
  addedLater: boolean;
  pinnedAt: string;
}

export type PinWrite = Omit<StoredPin, 'pinnedAt'>;

export async function listPins(db: Db): Promise<StoredPin[]> {
  const rows = await db.selectFrom('tool_pins').selectAll().orderBy('pinned_at').execute();
  return rows.map((r) => ({
    userId: r.user_id,
    serverId: r.server_id,
    kind: r.kind,
    name: r.name,
    hash: r.hash,
    pinned: r.pinned,
    addedLater: r.added_later,
    pinnedAt: new Date(r.pinned_at).toISOString(),
  }));
}

/** Records a pin, or replaces it when the user accepts a changed definition. */
export async function savePin(db: Db, pin: PinWrite): Promise<void> {
  const values = {
    user_id: pin.userId,
    server_id: pin.serverId,
    kind: pin.kind,
    name: pin.name,
    hash: pin.hash,
    pinned: JSON.stringify(pin.pinned),
    added_later: pin.addedLater,
  };
  await db
    .insertInto('tool_pins')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['user_id', 'server_id', 'kind', 'name']).doUpdateSet({
        hash: values.hash,
        pinned: values.pinned,
        added_later: values.added_later,
        pinned_at: new Date(),
      }),
    )
    .execute();
}

/** A removed server leaves no pins behind: one added again under its id is admitted afresh. */
export async function deletePinsOf(db: Db, userId: string, serverId: string): Promise<number> {
  const result = await db
    .deleteFrom('tool_pins')
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
