import 'server-only';
import { setCapped } from '../capped-map';
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
/** States kept in memory for a store with no other writer; the oldest read is dropped beyond this. */
const KEPT_STATES = 2_000;

/** A state as read: from a stored row, from no row (the empty state), or in place of an unreadable one. */
interface Loaded {
  state: TrustState;
  source: 'stored' | 'none' | 'unreadable';
}

export interface TrustBookOptions {
  /**
   * Nothing but this book writes the store (the embedded database, opened by this process only):
   * a state it read or wrote is kept and not read again (a call and its result each read
   * the conversation's row). With another writer (instances sharing PostgreSQL) every use reads it.
   */
  soleWriter?: boolean;
}

/**
 * Each conversation's SEP trust state (an "agent session"), read before a call is decided
 * and propagated after every result, whichever surface made the call. Updates of one conversation
 * run one after another, so two results arriving together both count. A call outside a
 * conversation (the developer preview, a view call the server cannot place) uses the user's
 * preview-local state, kept in memory only. Without a store (unit tests) states live in memory.
 */
export class TrustBook {
  private readonly preview = new Map<string, TrustState>();
  private readonly memory = new Map<string, TrustState>();
  private readonly queues = new Map<string, Promise<TrustState>>();
  private readonly kept = new Map<string, Loaded>();

  constructor(
    readonly policy: TrustPolicyConfig = DEFAULT_TRUST_POLICY,
    private readonly store?: TrustStore,
    private readonly options: TrustBookOptions = {},
  ) {}

  /** The state a call is decided with: the conversation's, or the user's preview-local one. */
  async state(userId: string, conversationId?: string): Promise<TrustState> {
    if (!conversationId) return this.previewState(userId);
    await this.queues.get(key(userId, conversationId))?.catch(() => undefined);
    return (await this.load(userId, conversationId)).state;
  }

  previewState(userId: string): TrustState {
    return this.preview.get(userId) ?? EMPTY_TRUST_STATE;
  }

  /** A conversation this process has just created holds no state: with soleWriter, none is read for it. */
  created(userId: string, conversationId: string): void {
    const k = key(userId, conversationId);
    if (!this.queues.has(k)) this.keep(k, { state: EMPTY_TRUST_STATE, source: 'none' });
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

  private async load(userId: string, conversationId: string): Promise<Loaded> {
    const k = key(userId, conversationId);
    if (!this.store) return { state: this.memory.get(k) ?? EMPTY_TRUST_STATE, source: 'none' };
    const kept = this.kept.get(k);
    if (kept) return kept;
    let text: string | null;
    try {
      text = await this.store.load(userId, conversationId);
    } catch (error) {
      log('error', '[trust] could not read a trust state:', { error });
      // Not kept: the next call reads again.
      return { state: failClosedTrustState('it could not be read'), source: 'unreadable' };
    }
    const restored = text === null ? null : restoreTrustState(text);
    const loaded: Loaded =
      restored === null
        ? { state: EMPTY_TRUST_STATE, source: 'none' }
        : restored.ok
          ? { state: restored.state, source: 'stored' }
          : { state: failClosedTrustState(restored.reason), source: 'unreadable' };
    this.keep(k, loaded);
    return loaded;
  }

  private keep(k: string, loaded: Loaded): void {
    if (this.options.soleWriter) setCapped(this.kept, k, loaded, KEPT_STATES);
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
        // A result that adds nothing to the state (stored, or the empty one no row stands for) is not
        // written (a database round trip less before most results reach anyone), nor over
        // another instance's newer row. An unreadable row is replaced by a readable one.
        if (this.store) {
          if (current.source === 'unreadable' || text !== serializeTrustState(current.state)) {
            await this.store.save(userId, conversationId, text);
            this.keep(k, { state: next, source: 'stored' });
          }
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
