import 'server-only';
import type { GateAnswer, RefusalReason } from './answers';
import {
  type DecisionResult,
  type GateOutcome,
  type GateTicket,
  memoryGateStore,
  type Spent,
} from './pending';

/**
 * Where gate tickets live between the question and the dispatch. In memory now (lib/gates/pending);
 * a shared store (hosted mode) implements the same interface.
 */
export interface GateStore {
  open(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs?: number): GateTicket;
  ticket(id: string, userId: string): GateTicket | undefined;
  recordChallenge(id: string, userId: string, challenge: string, challengeId?: string): boolean;
  decide(id: string, userId: string, answer: GateAnswer, edited?: Record<string, unknown>): DecisionResult;
  fail(id: string, userId: string, reason: RefusalReason): void;
  wait(id: string, signal?: AbortSignal): Promise<GateOutcome>;
  spend(id: string, userId: string, serverId: string, toolName: string, args: unknown): Spent;
  held(): { open: number; ended: number };
}

export function gateStore(): GateStore {
  return memoryGateStore;
}
