import type { VerifiedEvidence } from './pass';
import 'server-only';
import { randomUUID } from 'node:crypto';
import { GATE_TABLE, type Gate } from '../mcplet/gates';
import type { CallSurface } from '../mcplet/policy';
import type { TrustReason } from '../mcplet/trust-escalation';
import { type GateAnswer, type McpletAuth, type Refusal, refusalFor, toMcpletAuth } from './answers';
import { bindingOf, type GatePass, mintPass } from './pass';
import type { CallContext, RememberOffer } from './remembered';
import type { GateStore } from './store';

/** Who waits on a gate: a model's call, a view's call, or the user's own request to run a command. */
export type GateKind = 'model' | 'view' | 'command';

/** What a command gate shows: the exact program and arguments, the names of its environment, where it runs. */
export interface CommandPreview {
  argv: string[];
  envKeys: string[];
  cwd?: string;
}

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
  /** The tool's input schema: the dialog's labels; its arguments are editable only where the gate table says (review). */
  inputSchema?: Record<string, unknown>;
  promptMessage?: string;
  /** Present on command gates (attack 15). */
  command?: CommandPreview;
  /** On confirmations that may be remembered: the scopes offered and what a rule would be built from. */
  remember?: RememberOffer;
  /** Issue 12: why the SEP trust rules ask (what data from where may leave); the dialog shows them. */
  trustReasons?: TrustReason[];
  /** Where the call comes from, as the server knew it: a view's approved call is decided in its conversation. */
  context?: CallContext;
  expiresAt: number;
}

export type GateOutcome = { verdict: 'approved' } | Refusal;

/** An open ticket: waiting for the user, or approved and waiting to be spent by its one dispatch. */
interface Open extends GateTicket {
  binding: string;
  state: 'pending' | 'approved';
  outcome?: GateOutcome;
  /** The passkey challenge the FIDO2 server issued for this call (passkey gates). */
  challenge?: string;
  /** Held only between the answer and the dispatch it authorises (16.3 by analogy). */
  auth?: McpletAuth;
  /** SEP-2672: the MCP server's challenge id for this call (verified gates; never reused). */
  challengeId?: string;
  /** SEP-2672: the user's assertion as the browser gave it, forwarded unmodified; held like `auth`. */
  verified?: VerifiedEvidence;
  waiters: Array<(outcome: GateOutcome) => void>;
  timer: NodeJS.Timeout;
}

/**
 * What is left of a ticket once it is spent, refused or expired: its end, so a second answer is
 * told so, and nothing of the call, except for a view's expired call, whose late answer still gets
 * a result the view can show. Kept for one more TTL, then forgotten.
 */
interface Closed {
  userId: string;
  state: 'used' | 'refused' | 'expired';
  outcome: GateOutcome;
  ticket?: GateTicket;
  timer: NodeJS.Timeout;
}

/** How long a gate waits for the user (GATE_TTL_MS, default 2 minutes). */
const TTL_MS = Number(process.env.GATE_TTL_MS ?? 120_000);
const holder = globalThis as unknown as {
  __mcpletGates?: { open: Map<string, Open>; closed: Map<string, Closed> };
};
holder.__mcpletGates ??= { open: new Map(), closed: new Map() };
const { open, closed } = holder.__mcpletGates;

function ticketOf(pending: Open): GateTicket {
  const {
    binding: _b,
    state: _s,
    outcome: _o,
    challenge: _c,
    auth: _a,
    challengeId: _ci,
    verified: _v,
    waiters: _w,
    timer: _t,
    ...ticket
  } = pending;
  return ticket;
}

/** Ends a ticket: wakes its waiters, drops the call (arguments, assertion) and keeps only its end. */
function close(pending: Open, state: Closed['state'], outcome: GateOutcome) {
  clearTimeout(pending.timer);
  open.delete(pending.id);
  pending.auth = undefined;
  pending.verified = undefined;
  if (!pending.outcome) {
    pending.outcome = outcome;
    for (const waiter of pending.waiters.splice(0)) waiter(outcome);
  }
  const keep = state === 'expired' && pending.kind === 'view' ? ticketOf(pending) : undefined;
  const timer = setTimeout(() => closed.delete(pending.id), TTL_MS);
  timer.unref();
  closed.set(pending.id, {
    userId: pending.userId,
    state,
    outcome,
    ...(keep ? { ticket: keep } : {}),
    timer,
  });
}

function expire(pending: Open) {
  close(pending, 'expired', refusalFor('expired'));
}

/**
 * Opens a gate for one exact call. The ticket names the call (server, tool, arguments) and expires;
 * the only approval the server will accept later is for this ticket, by this user, for this call.
 */
export function openGate(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs = TTL_MS): GateTicket {
  const id = randomUUID();
  const pending: Open = {
    ...input,
    id,
    expiresAt: Date.now() + ttlMs,
    binding: bindingOf(input.serverId, input.toolName, input.args),
    state: 'pending',
    waiters: [],
    timer: setTimeout(() => expire(pending), ttlMs),
  };
  pending.timer.unref();
  open.set(id, pending);
  return ticketOf(pending);
}

export type DecisionResult =
  | { ok: true; ticket: GateTicket; outcome: GateOutcome }
  | { ok: false; status: 400 | 404 | 409 | 410; reason: string };

const EXPIRED = { status: 410, reason: 'This confirmation request expired. Ask again.' } as const;
const ANSWERED = { status: 409, reason: 'This confirmation request was already answered.' } as const;

/** An open ticket of this user that has not expired, checked at the moment it is used. */
function current(id: string, userId: string): Open | undefined {
  const pending = open.get(id);
  if (!pending || pending.userId !== userId) return undefined;
  if (Date.now() > pending.expiresAt) {
    expire(pending);
    return undefined;
  }
  return pending;
}

function awaitingAnswer(id: string, userId: string): Open | { status: 404 | 409 | 410; reason: string } {
  const pending = current(id, userId);
  if (pending) return pending.state === 'pending' ? pending : ANSWERED;
  const ended = closed.get(id);
  if (!ended || ended.userId !== userId) return { status: 404, reason: 'No such confirmation request.' };
  return ended.state === 'expired' ? EXPIRED : ANSWERED;
}

/**
 * Records the passkey challenge issued for a ticket; the assertion must answer exactly it. For a
 * verified gate (SEP-2672) also the MCP server's challenge id; a new challenge replaces the old one.
 */
export function recordChallenge(
  id: string,
  userId: string,
  challenge: string,
  challengeId?: string,
): boolean {
  const pending = awaitingAnswer(id, userId);
  if (!('waiters' in pending)) return false;
  pending.challenge = challenge;
  pending.challengeId = challengeId;
  return true;
}

/**
 * Records the user's answer on a ticket they own; a ticket is answered once. A passkey gate is
 * approved only with an assertion whose challenge is the one issued for this ticket. A refusal
 * ends the ticket at once; an approval keeps it until its one dispatch spends it, or it expires.
 * `edited` arguments (already validated by the caller) are accepted only where the gate table
 * says the level is editable; the ticket is then bound to them, and only they can be dispatched.
 */
export function decideGate(
  id: string,
  userId: string,
  answer: GateAnswer,
  edited?: Record<string, unknown>,
): DecisionResult {
  const pending = awaitingAnswer(id, userId);
  if (!('waiters' in pending)) return { ok: false, ...pending };
  if (!answer.approved) {
    const outcome = refusalFor(answer.reason ?? 'cancelled');
    close(pending, 'refused', outcome);
    return { ok: true, ticket: ticketOf(pending), outcome };
  }
  if (edited) {
    if (!GATE_TABLE[pending.gate].editable)
      return { ok: false, status: 400, reason: 'The arguments of this call cannot be edited.' };
    pending.args = edited;
    pending.binding = bindingOf(pending.serverId, pending.toolName, edited);
  }
  const ticket = ticketOf(pending);
  if (GATE_TABLE[pending.gate].server === 'assertion') {
    const auth = pending.challenge ? toMcpletAuth(answer.assertion, pending.challenge) : null;
    if (!auth)
      return {
        ok: false,
        status: 400,
        reason: 'A passkey gate needs an assertion for the challenge issued for this call.',
      };
    pending.auth = auth;
  }
  if (GATE_TABLE[pending.gate].server === 'server-verified') {
    const answers = pending.challenge ? toMcpletAuth(answer.assertion, pending.challenge) : null;
    if (!answers || !pending.challengeId)
      return {
        ok: false,
        status: 400,
        reason: 'A verified approval needs an assertion for the challenge the server issued for this call.',
      };
    pending.verified = { challengeId: pending.challengeId, response: answer.assertion };
  }
  const outcome: GateOutcome = { verdict: 'approved' };
  pending.state = 'approved';
  pending.outcome = outcome;
  for (const waiter of pending.waiters.splice(0)) waiter(outcome);
  return { ok: true, ticket, outcome };
}

/** Ends a ticket because something other than the user failed (the FIDO2 server, say). */
export function failGate(id: string, userId: string, reason: Parameters<typeof refusalFor>[0]): void {
  const pending = current(id, userId);
  if (pending?.state === 'pending') close(pending, 'refused', refusalFor(reason));
}

/** Waits for the answer on a model-proposed call (Appendix A: the call is suspended, not blocked). */
export function waitForGate(id: string, signal?: AbortSignal): Promise<GateOutcome> {
  const pending = open.get(id);
  if (!pending) return Promise.resolve(closed.get(id)?.outcome ?? refusalFor('expired'));
  if (pending.outcome) return Promise.resolve(pending.outcome);
  // A turn aborted before its call reached the wait (the stream is read lazily) is denied too.
  if (signal?.aborted && pending.state === 'pending') {
    close(pending, 'refused', refusalFor('cancelled'));
    return Promise.resolve(refusalFor('cancelled'));
  }
  return new Promise((resolve) => {
    const onAbort = () => {
      if (pending.state === 'pending' && open.get(id) === pending)
        close(pending, 'refused', refusalFor('cancelled'));
    };
    pending.waiters.push((outcome) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type Spent = { ok: true; pass: GatePass } | { ok: false };

/**
 * Spends an approval: only for an approved, unexpired, unused ticket of this user whose call is
 * exactly the one about to be dispatched. A replay, another call or changed arguments get nothing.
 * What it gives is a gate pass for that call, the only thing dispatch accepts; for a passkey gate
 * the assertion travels in the pass and is forgotten here, with the rest of the ticket.
 */
export function spendApproval(
  id: string,
  userId: string,
  serverId: string,
  toolName: string,
  args: unknown,
): Spent {
  const pending = current(id, userId);
  if (pending?.state !== 'approved') return { ok: false };
  if (pending.binding !== bindingOf(serverId, toolName, args)) return { ok: false };
  const { auth, verified } = pending;
  close(pending, 'used', { verdict: 'approved' });
  if (GATE_TABLE[pending.gate].server === 'assertion' && !auth) return { ok: false };
  if (GATE_TABLE[pending.gate].server === 'server-verified' && !verified) return { ok: false };
  const pass = mintPass({
    gate: pending.gate,
    serverId,
    toolName,
    binding: pending.binding,
    via: 'answer',
    ...(auth ? { auth } : {}),
    ...(verified ? { verified } : {}),
  });
  return { ok: true, pass };
}

/** The ticket as the user was asked it: an open one, or a view's call that expired at its gate. */
export function gateTicket(id: string, userId: string): GateTicket | undefined {
  const pending = open.get(id);
  if (pending) return pending.userId === userId ? ticketOf(pending) : undefined;
  const ended = closed.get(id);
  return ended?.userId === userId ? ended.ticket : undefined;
}

/** How many tickets the host holds: open ones with their calls, and ended ones (no arguments). */
export function heldGates(): { open: number; ended: number } {
  return { open: open.size, ended: closed.size };
}

/** The in-memory gate store (one process); the hosted issue adds a shared one behind the same interface. */
export const memoryGateStore: GateStore = {
  open: openGate,
  ticket: gateTicket,
  recordChallenge,
  decide: decideGate,
  fail: failGate,
  wait: waitForGate,
  spend: spendApproval,
  held: heldGates,
};
