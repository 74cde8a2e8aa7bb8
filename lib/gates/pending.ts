import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { ErrorCode } from '../mcplet/envelope';
import type { CallSurface, Gate } from '../mcplet/policy';
import { callBinding } from '../trust/canonical';
import { type GateAnswer, type McpletAuth, refusalFor, toMcpletAuth } from './answers';

export type GateKind = 'model' | 'view';
type GateState = 'pending' | 'approved' | 'refused' | 'used';

export interface GateTicket {
  id: string;
  kind: GateKind;
  gate: Gate;
  surface: CallSurface;
  userId: string;
  serverId: string;
  serverName: string;
  /** The server's own name from `initialize`: what its backend binds passkey assertions to. */
  bindingServer: string;
  toolName: string;
  toolTitle?: string;
  args: Record<string, unknown>;
  promptMessage?: string;
  expiresAt: number;
}

export type GateOutcome = { verdict: 'approved' } | { verdict: 'refused'; code: ErrorCode; message: string };

interface Pending extends GateTicket {
  binding: string;
  state: GateState;
  outcome?: GateOutcome;
  /** The passkey challenge the FIDO2 server issued for this call (passkey gates). */
  challenge?: string;
  /** Held only between the answer and the dispatch it authorises (16.3 by analogy). */
  auth?: McpletAuth;
  waiters: Array<(outcome: GateOutcome) => void>;
  timer: NodeJS.Timeout;
}

/** How long a gate waits for the user (GATE_TTL_MS, default 2 minutes). */
const TTL_MS = Number(process.env.GATE_TTL_MS ?? 120_000);
const holder = globalThis as unknown as { __mcpletGates?: Map<string, Pending> };
holder.__mcpletGates ??= new Map();
const gates = holder.__mcpletGates;

function hash(binding: string): string {
  return createHash('sha256').update(binding).digest('hex');
}

function ticketOf(pending: Pending): GateTicket {
  const {
    binding: _b,
    state: _s,
    outcome: _o,
    challenge: _c,
    auth: _a,
    waiters: _w,
    timer: _t,
    ...ticket
  } = pending;
  return ticket;
}

function settle(pending: Pending, outcome: GateOutcome) {
  if (pending.state !== 'pending') return;
  pending.state = outcome.verdict === 'approved' ? 'approved' : 'refused';
  pending.outcome = outcome;
  clearTimeout(pending.timer);
  for (const waiter of pending.waiters.splice(0)) waiter(outcome);
}

/**
 * Opens a gate for one exact call. The ticket names the call (server, tool, arguments) and expires;
 * the only approval the server will accept later is for this ticket, by this user, for this call.
 */
export function openGate(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs = TTL_MS): GateTicket {
  const id = randomUUID();
  const pending: Pending = {
    ...input,
    id,
    expiresAt: Date.now() + ttlMs,
    binding: hash(callBinding(input.serverId, input.toolName, input.args)),
    state: 'pending',
    waiters: [],
    timer: setTimeout(() => {
      settle(pending, refusalFor('expired'));
      setTimeout(() => gates.delete(id), TTL_MS).unref();
    }, ttlMs),
  };
  pending.timer.unref();
  gates.set(id, pending);
  return ticketOf(pending);
}

export type DecisionResult =
  | { ok: true; ticket: GateTicket; outcome: GateOutcome }
  | { ok: false; status: 400 | 404 | 409 | 410; reason: string };

function live(id: string, userId: string): Pending | { status: 404 | 409 | 410; reason: string } {
  const pending = gates.get(id);
  if (!pending || pending.userId !== userId) return { status: 404, reason: 'No such confirmation request.' };
  if (pending.state === 'pending' && Date.now() > pending.expiresAt) settle(pending, refusalFor('expired'));
  if (pending.outcome?.verdict === 'refused' && pending.outcome.message === refusalFor('expired').message) {
    return { status: 410, reason: 'This confirmation request expired. Ask again.' };
  }
  if (pending.state !== 'pending')
    return { status: 409, reason: 'This confirmation request was already answered.' };
  return pending;
}

/** Records the passkey challenge issued for a ticket; the assertion must answer exactly it. */
export function recordChallenge(id: string, userId: string, challenge: string): boolean {
  const pending = live(id, userId);
  if (!('waiters' in pending)) return false;
  pending.challenge = challenge;
  return true;
}

/**
 * Records the user's answer on a ticket they own; a ticket is answered once. A passkey gate is
 * approved only with an assertion whose challenge is the one issued for this ticket.
 */
export function decideGate(id: string, userId: string, answer: GateAnswer): DecisionResult {
  const pending = live(id, userId);
  if (!('waiters' in pending)) return { ok: false, ...pending };
  let outcome: GateOutcome;
  if (!answer.approved) {
    outcome = refusalFor(answer.reason ?? 'cancelled');
  } else if (pending.gate === 'passkey') {
    const auth = pending.challenge ? toMcpletAuth(answer.assertion, pending.challenge) : null;
    if (!auth)
      return {
        ok: false,
        status: 400,
        reason: 'A passkey gate needs an assertion for the challenge issued for this call.',
      };
    pending.auth = auth;
    outcome = { verdict: 'approved' };
  } else {
    outcome = { verdict: 'approved' };
  }
  settle(pending, outcome);
  return { ok: true, ticket: ticketOf(pending), outcome };
}

/** Ends a ticket because something other than the user failed (the FIDO2 server, say). */
export function failGate(id: string, userId: string, reason: Parameters<typeof refusalFor>[0]): void {
  const pending = gates.get(id);
  if (pending && pending.userId === userId) settle(pending, refusalFor(reason));
}

/** Waits for the answer on a model-proposed call (Appendix A: the call is suspended, not blocked). */
export function waitForGate(id: string, signal?: AbortSignal): Promise<GateOutcome> {
  const pending = gates.get(id);
  if (!pending) return Promise.resolve(refusalFor('expired'));
  if (pending.outcome) return Promise.resolve(pending.outcome);
  return new Promise((resolve) => {
    pending.waiters.push(resolve);
    signal?.addEventListener('abort', () => settle(pending, refusalFor('cancelled')), { once: true });
  });
}

export type Spent = { ok: true; auth?: McpletAuth } | { ok: false };

/**
 * Spends an approval: only for an approved, unexpired, unused ticket of this user whose call is
 * exactly the one about to be dispatched. A replay, another call or changed arguments get nothing.
 * For a passkey gate the assertion is handed over once and forgotten.
 */
export function spendApproval(
  id: string,
  userId: string,
  serverId: string,
  toolName: string,
  args: unknown,
): Spent {
  const pending = gates.get(id);
  if (!pending || pending.userId !== userId || pending.state !== 'approved') return { ok: false };
  if (Date.now() > pending.expiresAt) return { ok: false };
  if (pending.binding !== hash(callBinding(serverId, toolName, args))) return { ok: false };
  pending.state = 'used';
  const auth = pending.auth;
  pending.auth = undefined;
  if (pending.gate === 'passkey' && !auth) return { ok: false };
  return auth ? { ok: true, auth } : { ok: true };
}

export function gateTicket(id: string, userId: string): GateTicket | undefined {
  const pending = gates.get(id);
  return pending && pending.userId === userId ? ticketOf(pending) : undefined;
}
