/** 10.6 consumption semantics for pending derived results, one slot per target tool. Pure. */
import type { AcceptedDerived } from './derived-result';

export type PendingResult = Omit<AcceptedDerived, 'schemaUri'> & {
  /** The call of mcplet_set_tool_result that produced it. */
  id: string;
  state: 'pending' | 'consumed' | 'expired';
};

export type PendingTable = Readonly<Record<string, PendingResult>>;

export type OfferOutcome = { table: PendingTable; accepted: boolean; reason?: 'duplicate' | 'expired' };

/** Holds a result for its target; a newer one replaces an older one. A duplicate is not held twice. */
export function offer(table: PendingTable, item: Omit<PendingResult, 'state'>, now: number): OfferOutcome {
  const current = table[item.toolId];
  if (
    current &&
    (current.id === item.id || (item.revision !== undefined && current.revision === item.revision))
  ) {
    return { table, accepted: false, reason: 'duplicate' };
  }
  if (item.expiresAt <= now) return { table, accepted: false, reason: 'expired' };
  return { table: { ...table, [item.toolId]: { ...item, state: 'pending' } }, accepted: true };
}

export type TakeOutcome = {
  table: PendingTable;
  taken: PendingResult | null;
  reason?: 'none' | 'consumed' | 'expired';
};

/** 10.6: a derived result is single-use; an expired one is never handed out. */
export function consume(table: PendingTable, toolId: string, now: number): TakeOutcome {
  const current = table[toolId];
  if (!current) return { table, taken: null, reason: 'none' };
  if (current.state === 'consumed') return { table, taken: null, reason: 'consumed' };
  if (current.state === 'expired' || current.expiresAt <= now) {
    return {
      table: { ...table, [toolId]: { ...current, state: 'expired' } },
      taken: null,
      reason: 'expired',
    };
  }
  return { table: { ...table, [toolId]: { ...current, state: 'consumed' } }, taken: current };
}

/** 10.6: results past their TTL are discarded; the caller announces them and falls back to the backend. */
export function expire(table: PendingTable, now: number): { table: PendingTable; expired: PendingResult[] } {
  const expired: PendingResult[] = [];
  const next: Record<string, PendingResult> = {};
  for (const [key, item] of Object.entries(table)) {
    if (item.state === 'pending' && item.expiresAt <= now) {
      expired.push(item);
      next[key] = { ...item, state: 'expired' };
    } else next[key] = item;
  }
  return { table: expired.length ? next : table, expired };
}
