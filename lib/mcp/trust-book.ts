import 'server-only';
import { log } from '../log/logger';
import { DEFAULT_TRUST_POLICY, type TrustPolicyConfig } from '../mcplet/trust-escalation';
import { readResultTrust, type TrustDeclaration } from '../trust/trust-annotations';
import {
  clearMaliciousFlag,
  EMPTY_TRUST_STATE,
  failClosedTrustState,
  propagate,
  type ResultOrigin,
  restoreTrustState,
  resultTrust,
  serializeTrustState,
  type TrustState,
} from '../trust/trust-state';

/** Where conversations' trust states are kept; the registry wires it to `conversations.trust_state`. */
export interface TrustStore {
  load(userId: string, conversationId: string): Promise<string | null>;
  save(userId: string, conversationId: string, state: string): Promise<void>;
}

const NO_DECLARATION: TrustDeclaration = { attribution: [] };

/**
 * Issue 12: each conversation's SEP trust state (an "agent session"), read before a call is decided
 * and propagated after every result, whichever surface made the call. Updates of one conversation
 * run one after another, so two results arriving together both count. A call outside a
 * conversation (the developer preview, a view call the server cannot place) uses the user's
 * preview-local state, kept in memory only. Without a store (unit tests) states live in memory.
 */
export class TrustBook {
  private readonly preview = new Map<string, TrustState>();
  private readonly memory = new Map<string, TrustState>();
  private readonly queues = new Map<string, Promise<TrustState>>();

  constructor(
    readonly policy: TrustPolicyConfig = DEFAULT_TRUST_POLICY,
    private readonly store?: TrustStore,
  ) {}

  /** The state a call is decided with: the conversation's, or the user's preview-local one. */
  async state(userId: string, conversationId?: string): Promise<TrustState> {
    if (!conversationId) return this.previewState(userId);
    await this.queues.get(key(userId, conversationId))?.catch(() => undefined);
    return this.read(userId, conversationId);
  }

  previewState(userId: string): TrustState {
    return this.preview.get(userId) ?? EMPTY_TRUST_STATE;
  }

  /** SEP propagation rules: the state after one result of the tool `origin` names. */
  record(
    userId: string,
    conversationId: string | undefined,
    origin: ResultOrigin,
    tool: TrustDeclaration | undefined,
    result: unknown,
  ): Promise<TrustState> {
    const trust = resultTrust(tool ?? NO_DECLARATION, readResultTrust(result).declaration);
    return this.update(userId, conversationId, (state) => propagate(state, origin, trust));
  }

  /** The pending malicious-activity flag is spent: the call it escalated has been gated. */
  spendMaliciousFlag(userId: string, conversationId: string | undefined): Promise<TrustState> {
    return this.update(userId, conversationId, clearMaliciousFlag);
  }

  private async read(userId: string, conversationId: string): Promise<TrustState> {
    return (await this.load(userId, conversationId)).state;
  }

  /** The state, and whether it is the stored one (false when nothing readable is stored). */
  private async load(
    userId: string,
    conversationId: string,
  ): Promise<{ state: TrustState; stored: boolean }> {
    if (!this.store)
      return { state: this.memory.get(key(userId, conversationId)) ?? EMPTY_TRUST_STATE, stored: false };
    let text: string | null;
    try {
      text = await this.store.load(userId, conversationId);
    } catch (error) {
      log('error', '[trust] could not read a trust state:', { error });
      return { state: failClosedTrustState('it could not be read'), stored: false };
    }
    if (text === null) return { state: EMPTY_TRUST_STATE, stored: false };
    const restored = restoreTrustState(text);
    return restored.ok
      ? { state: restored.state, stored: true }
      : { state: failClosedTrustState(restored.reason), stored: false };
  }

  private update(
    userId: string,
    conversationId: string | undefined,
    change: (state: TrustState) => TrustState,
  ): Promise<TrustState> {
    if (!conversationId) {
      const next = change(this.previewState(userId));
      this.preview.set(userId, next);
      return Promise.resolve(next);
    }
    const k = key(userId, conversationId);
    const run = (this.queues.get(k) ?? Promise.resolve(EMPTY_TRUST_STATE))
      .catch(() => EMPTY_TRUST_STATE)
      .then(async () => {
        const current = await this.load(userId, conversationId);
        const next = change(current.state);
        const text = serializeTrustState(next);
        // A result that adds nothing to a stored state is not written (issue 14: one database round
        // trip less before most results reach anyone), nor over another instance's newer row.
        if (this.store) {
          if (!current.stored || text !== serializeTrustState(current.state))
            await this.store.save(userId, conversationId, text);
        } else this.memory.set(k, next);
        return next;
      });
    this.queues.set(k, run);
    run
      .finally(() => {
        if (this.queues.get(k) === run) this.queues.delete(k);
      })
      .catch(() => undefined);
    return run;
  }
}

function key(userId: string, conversationId: string): string {
  return `${userId}\u0000${conversationId}`;
}
