import 'server-only';
import { getDb } from '../db';
import { listTrustStates } from '../db/queries/trust-state';
import {
  EMPTY_TRUST_STATE,
  failClosedTrustState,
  restoreTrustState,
  type TrustState,
} from '../trust/trust-state';
import { getRegistry } from './host-registry';

export interface TrustOverview {
  /** The user's preview-local state: calls made outside a conversation (this page's "Try it"). */
  preview: TrustState;
  /** The user's conversations that hold a trust state, newest first. */
  conversations: Array<{ id: string; title: string; state: TrustState }>;
}

/** What the developer preview shows of the user's trust states. */
export async function trustOverview(userId: string): Promise<TrustOverview> {
  const [registry, db] = await Promise.all([getRegistry(), getDb()]);
  const rows = await listTrustStates(db, userId);
  return {
    preview: registry.trust?.previewState(userId) ?? EMPTY_TRUST_STATE,
    conversations: rows.map((row) => {
      const restored = restoreTrustState(row.state);
      return {
        id: row.id,
        title: row.title,
        state: restored.ok ? restored.state : failClosedTrustState(restored.reason),
      };
    }),
  };
}
