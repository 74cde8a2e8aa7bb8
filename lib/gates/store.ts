import 'server-only';
import type { GateAnswer, RefusalReason } from './answers';
import { memoryGateStore } from './pending';
import { redisGateStore } from './redis-gate-store';
import type { GateOutcome, GateTicket } from './ticket';
import type { DecisionResult, Ending, Spent } from './ticket-state';

/**
 * Where gate tickets live between the question and the dispatch: in memory for one process
 * (lib/gates/pending), in Redis when instances share a deployment (lib/gates/redis-gate-store).
 * Both apply the same rules (lib/gates/ticket-state); every change is atomic, so a ticket is
 * answered once and spent once whichever instance is asked.
 */
export interface GateStore {
  open(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs?: number): Promise<GateTicket>;
  ticket(id: string, userId: string): Promise<GateTicket | undefined>;
  recordChallenge(id: string, userId: string, challenge: string, challengeId?: string): Promise<boolean>;
  decide(
    id: string,
    userId: string,
    answer: GateAnswer,
    edited?: Record<string, unknown>,
  ): Promise<DecisionResult>;
  fail(id: string, userId: string, reason: RefusalReason): Promise<void>;
  wait(id: string, signal?: AbortSignal): Promise<GateOutcome>;
  spend(id: string, userId: string, serverId: string, toolName: string, args: unknown): Promise<Spent>;
  /** The instance whose turn waits on an open model call (recorded when the ticket opened here). */
  holder(id: string, userId: string): Promise<string | undefined>;
  /** Ends an open model call as lost (its holder is gone), unless it ended first; says how it ended. */
  lose(id: string, userId: string): Promise<Ending | undefined>;
  /** Resolves as soon as the ticket ends, or with `open` once `withinMs` passed first. */
  ending(id: string, userId: string, withinMs: number): Promise<Ending | 'open' | undefined>;
}

const holder = globalThis as unknown as { __mcpletGateStore?: GateStore };

/** The process's gate store: Redis when `REDIS_URL` is set, else memory. */
export function gateStore(): GateStore {
  holder.__mcpletGateStore ??= process.env.REDIS_URL ? redisGateStore() : memoryGateStore;
  return holder.__mcpletGateStore;
}
