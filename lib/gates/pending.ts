import 'server-only';
import { randomUUID } from 'node:crypto';
import { instanceId } from '../runtime/instance-liveness';
import { type GateAnswer, type RefusalReason, refusalFor } from './answers';
import type { GateStore } from './store';
import type { GateOutcome, GateTicket } from './ticket';
import {
  cancelStep,
  challengeStep,
  type DecisionResult,
  decideStep,
  type Ending,
  endingOf,
  failStep,
  holderOf,
  isOpen,
  loseStep,
  newRecord,
  outcomeOf,
  passFor,
  readTicket,
  type Spent,
  type Step,
  settle,
  spendStep,
  type TicketRecord,
  ticketOf,
} from './ticket-state';

export type { CommandPreview, GateKind, GateOutcome, GateTicket } from './ticket';
export type { DecisionResult, Spent } from './ticket-state';

/** How long a gate waits for the user (GATE_TTL_MS, default 2 minutes). */
export const GATE_TTL_MS = Number(process.env.GATE_TTL_MS ?? 120_000);

interface Held {
  records: Map<string, TicketRecord>;
  waiters: Map<string, Array<(outcome: GateOutcome) => void>>;
  timers: Map<string, NodeJS.Timeout>;
  /** Who waits for a ticket to end (an answer waiting for the spend of the approval it gave). */
  enders?: Map<string, Set<() => void>>;
}
const holder = globalThis as unknown as { __mcpletGateRecords?: Held };
holder.__mcpletGateRecords ??= { records: new Map(), waiters: new Map(), timers: new Map() };
const held = holder.__mcpletGateRecords;
// A module reloaded in development keeps the records of the one before it, which had no enders.
held.enders ??= new Map();
const { records, waiters, timers, enders } = held;

function timer(id: string, ms: number, run: () => void) {
  clearTimeout(timers.get(id));
  const handle = setTimeout(run, ms);
  handle.unref();
  timers.set(id, handle);
}

/**
 * Stores what a step changed and wakes the waiting call. An open ticket expires on its own timer;
 * an ended one is kept one more TTL (so a late answer is told how it ended), then forgotten.
 */
function apply<R>(id: string, step: Step<R>): R {
  if (step.next) {
    records.set(id, step.next);
    if (!isOpen(step.next)) {
      timer(id, GATE_TTL_MS, () => {
        records.delete(id);
        timers.delete(id);
      });
      for (const ended of enders.get(id) ?? []) ended();
    }
  }
  if (step.wake) for (const wake of waiters.get(id)?.splice(0) ?? []) wake(step.wake);
  return step.result;
}

/**
 * Opens a gate for one exact call. The ticket names the call (server, tool, arguments) and expires;
 * the only approval the server will accept later is for this ticket, by this user, for this call.
 */
export function openGate(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs = GATE_TTL_MS): GateTicket {
  const record = newRecord(input, randomUUID(), Date.now(), ttlMs, instanceId());
  records.set(record.id, record);
  expireAt(record.id, record.expiresAt);
  return ticketOf(record);
}

/**
 * Expires an open ticket just past its deadline (expired once `now` is beyond `expiresAt`). A timer
 * can fire before the wall clock has passed the deadline; then it waits out the rest.
 */
function expireAt(id: string, at: number) {
  timer(id, Math.max(0, at - Date.now()) + 1, () => {
    const settled = apply(id, settle(records.get(id), Date.now()));
    if (isOpen(settled)) expireAt(id, settled.expiresAt);
  });
}

export function recordChallenge(
  id: string,
  userId: string,
  challenge: string,
  challengeId?: string,
): boolean {
  return apply(id, challengeStep(records.get(id), Date.now(), userId, challenge, challengeId));
}

export function decideGate(
  id: string,
  userId: string,
  answer: GateAnswer,
  edited?: Record<string, unknown>,
): DecisionResult {
  return apply(id, decideStep(records.get(id), Date.now(), userId, answer, edited));
}

export function failGate(id: string, userId: string, reason: RefusalReason): void {
  apply(id, failStep(records.get(id), Date.now(), userId, reason));
}

/** Waits for the answer on a model-proposed call (Appendix A: the call is suspended, not blocked). */
export function waitForGate(id: string, signal?: AbortSignal): Promise<GateOutcome> {
  const now = outcomeOf(apply(id, settle(records.get(id), Date.now())));
  if (now) return Promise.resolve(now);
  // A turn aborted before its call reached the wait (the stream is read lazily) is denied too.
  if (signal?.aborted) {
    apply(id, cancelStep(records.get(id), Date.now()));
    return Promise.resolve(outcomeOf(records.get(id)) ?? refusalFor('cancelled'));
  }
  return new Promise((resolve) => {
    const onAbort = () => apply(id, cancelStep(records.get(id), Date.now()));
    const list = waiters.get(id) ?? [];
    waiters.set(id, list);
    list.push((outcome) => {
      signal?.removeEventListener('abort', onAbort);
      if (list.length === 0) waiters.delete(id);
      resolve(outcome);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function spendApproval(
  id: string,
  userId: string,
  serverId: string,
  toolName: string,
  args: unknown,
): Spent {
  return passFor(apply(id, spendStep(records.get(id), Date.now(), { userId, serverId, toolName, args })));
}

export function gateTicket(id: string, userId: string): GateTicket | undefined {
  return readTicket(records.get(id), userId);
}

export function loseGate(id: string, userId: string): Ending | undefined {
  return apply(id, loseStep(records.get(id), Date.now(), userId));
}

/** Resolves once the ticket ends (spent, refused, expired, lost), or after `withinMs` if it is still open. */
export function gateEnding(
  id: string,
  userId: string,
  withinMs: number,
): Promise<Ending | 'open' | undefined> {
  const now = endingOf(apply(id, settle(records.get(id), Date.now())), userId);
  if (now !== 'open') return Promise.resolve(now);
  return new Promise((resolve) => {
    const list = enders.get(id) ?? new Set<() => void>();
    enders.set(id, list);
    const done = () => {
      clearTimeout(timeout);
      list.delete(done);
      if (list.size === 0) enders.delete(id);
      resolve(endingOf(apply(id, settle(records.get(id), Date.now())), userId));
    };
    const timeout = setTimeout(done, withinMs);
    list.add(done);
  });
}

/** How many tickets the host holds: open ones with their calls, and ended ones (no arguments). */
export function heldGates(): { open: number; ended: number } {
  let open = 0;
  for (const record of records.values()) if (isOpen(record)) open++;
  return { open, ended: records.size - open };
}

/** The in-memory gate store (one process, local mode). */
export const memoryGateStore: GateStore = {
  open: async (input, ttlMs) => openGate(input, ttlMs),
  ticket: async (id, userId) => gateTicket(id, userId),
  recordChallenge: async (id, userId, challenge, challengeId) =>
    recordChallenge(id, userId, challenge, challengeId),
  decide: async (id, userId, answer, edited) => decideGate(id, userId, answer, edited),
  fail: async (id, userId, reason) => failGate(id, userId, reason),
  wait: waitForGate,
  spend: async (id, userId, serverId, toolName, args) => spendApproval(id, userId, serverId, toolName, args),
  holder: async (id, userId) => holderOf(records.get(id), userId),
  lose: async (id, userId) => loseGate(id, userId),
  ending: gateEnding,
};
