import 'server-only';
import type { GateAnswer, RefusalReason } from './answers';
import { memoryGateStore } from './pending';
import { redisGateStore } from './redis-gate-store';
import type { GateOutcome, GateTicket } from './ticket';
import type { DecisionResult, Spent } from './ticket-state';

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
}

const holder = globalThis as unknown as { __mcpletGateStore?: GateStore };

/** The process's gate store: Redis when `REDIS_URL` is set, else memory. */
export function gateStore(): GateStore {
  holder.__mcpletGateStore ??= process.env.REDIS_URL ? redisGateStore() : memoryGateStore;
  return holder.__mcpletGateStore;
}
