/**
 * A list younger than this is used as it is, whatever the server said: a chat turn reads the
 * catalog many times, and one list per burst of reads is enough.
 */
export const MIN_RELIST_MS = 5_000;

/**
 * Whether a server's tool list should be listed again before it is used (SEP-2549). A 2025-era
 * server's list holds until it says it changed. On 2026-07-28 the list says how long it stays
 * fresh (`ttlMs`); one that does not say is stale at once, unless the host is listening for the
 * server's change notifications (subscriptions/listen), which then say when it changed.
 */
export function listStale(
  list: { listedAt: number; ttlMs?: number },
  now: number,
  connection: { modern: boolean; listening: boolean },
): boolean {
  if (!connection.modern || list.listedAt === 0) return false;
  const age = now - list.listedAt;
  if (age < MIN_RELIST_MS) return false;
  if (list.ttlMs !== undefined && list.ttlMs > 0) return age >= list.ttlMs;
  return !connection.listening;
}
