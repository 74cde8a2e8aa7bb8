import 'server-only';
import { GATE_TABLE } from '../mcplet/gates';
import {
  type GateAnswer,
  LOST_WORDS,
  type McpletAuth,
  type RefusalReason,
  refusalFor,
  toMcpletAuth,
} from './answers';
import { bindingOf, type GatePass, mintPass, type VerifiedEvidence } from './pass';
import type { GateOutcome, GateTicket } from './ticket';

/**
 * A gate ticket's whole life as plain data, so one set of rules serves every store: the in-memory
 * one (local mode) and the shared one in Redis (hosted mode, more than one instance). Each step
 * takes the record as stored and the time, and says what to store next (if anything changed),
 * what to answer, and which outcome wakes the call waiting on the ticket.
 */
export interface OpenRecord extends GateTicket {
  binding: string;
  state: 'pending' | 'approved';
  outcome?: GateOutcome;
  /** The passkey challenge issued for this call (passkey and verified gates). */
  challenge?: string;
  /** Held only between the answer and the dispatch it authorises (16.3 by analogy). */
  auth?: McpletAuth;
  /** SEP-2672: the MCP server's challenge id for this call (verified gates; never reused). */
  challengeId?: string;
  /** SEP-2672: the user's assertion as the browser gave it, forwarded unmodified; held like `auth`. */
  verified?: VerifiedEvidence;
  /**
   * A model's call: the instance whose turn waits on the ticket (lib/runtime/instance-liveness).
   * Only that turn can spend the approval, so an answer that finds it gone ends the ticket as lost.
   */
  holder?: string;
}

/**
 * What is left of a ticket once it is spent, refused, expired or lost (its holder's turn gone): its
 * end, so a second answer is told so, and nothing of the call, except for a view's expired call,
 * whose late answer still gets a result the view can show.
 */
export interface ClosedRecord {
  id: string;
  userId: string;
  state: 'used' | 'refused' | 'expired' | 'lost';
  outcome: GateOutcome;
  ticket?: GateTicket;
}

export type TicketRecord = OpenRecord | ClosedRecord;

/** How a ticket ended. */
export type Ending = ClosedRecord['state'];

export interface Step<R> {
  /** The record to store instead (absent: nothing changed). */
  next?: TicketRecord;
  result: R;
  /** The outcome to hand the call waiting on this ticket, if this step settled it. */
  wake?: GateOutcome;
}

/** Why an answer was not taken; `lost` marks a call lost with its holder's turn. */
export type AnswerRefused = { ok: false; status: 400 | 404 | 409 | 410; reason: string; lost?: true };

export type DecisionResult = { ok: true; ticket: GateTicket; outcome: GateOutcome } | AnswerRefused;

/** What spending an approval yields: the approved call's evidence, from which the store mints the pass. */
export type SpendResult =
  | { ok: true; record: OpenRecord; auth?: McpletAuth; verified?: VerifiedEvidence }
  | { ok: false; lost?: true };

const EXPIRED = { status: 410, reason: 'This confirmation request expired. Ask again.' } as const;
const ANSWERED = { status: 409, reason: 'This confirmation request was already answered.' } as const;
const UNKNOWN = { status: 404, reason: 'No such confirmation request.' } as const;
// Gone, like an expired request: nothing of the call is left to approve (docs/architecture.md).
const LOST = { status: 410, reason: LOST_WORDS, lost: true } as const;

export function isOpen(record: TicketRecord | undefined): record is OpenRecord {
  return record?.state === 'pending' || record?.state === 'approved';
}

/** A new ticket; a model's call names `holder`, the instance whose turn waits on it. */
export function newRecord(
  input: Omit<GateTicket, 'id' | 'expiresAt'>,
  id: string,
  now: number,
  ttlMs: number,
  holder?: string,
): OpenRecord {
  return {
    ...input,
    id,
    expiresAt: now + ttlMs,
    binding: bindingOf(input.serverId, input.toolName, input.args),
    state: 'pending',
    ...(input.kind === 'model' && holder ? { holder } : {}),
  };
}

/** The ticket as the dialog sees it: the call, never the challenge or the assertion. */
export function ticketOf(record: OpenRecord): GateTicket {
  const {
    binding: _b,
    state: _s,
    outcome: _o,
    challenge: _c,
    auth: _a,
    challengeId: _ci,
    verified: _v,
    holder: _h,
    ...ticket
  } = record;
  return ticket;
}

/** Ends a ticket: drops the call (arguments, assertion) and keeps only its end. */
export function closeRecord(
  record: OpenRecord,
  state: ClosedRecord['state'],
  outcome: GateOutcome,
): ClosedRecord {
  const keep = state === 'expired' && record.kind === 'view' ? ticketOf(record) : undefined;
  return { id: record.id, userId: record.userId, state, outcome, ...(keep ? { ticket: keep } : {}) };
}

function ended(
  record: OpenRecord,
  state: ClosedRecord['state'],
  outcome: GateOutcome,
): { next: ClosedRecord; wake?: GateOutcome } {
  // A ticket approved earlier already woke its call with the approval.
  return { next: closeRecord(record, state, outcome), ...(record.outcome ? {} : { wake: outcome }) };
}

/** A ticket past its time is expired the moment anyone looks at it. */
export function settle(record: TicketRecord | undefined, now: number): Step<TicketRecord | undefined> {
  if (!isOpen(record) || now <= record.expiresAt) return { result: record };
  const step = ended(record, 'expired', refusalFor('expired'));
  return { ...step, result: step.next };
}

/** Runs a step on the settled record, keeping the expiry if the step itself changed nothing. */
function onSettled<R>(
  stored: TicketRecord | undefined,
  now: number,
  step: (record: TicketRecord | undefined) => Step<R>,
): Step<R> {
  const settled = settle(stored, now);
  const after = step(settled.result);
  if (after.next) return after;
  return {
    ...after,
    ...(settled.next ? { next: settled.next } : {}),
    ...(settled.wake ? { wake: settled.wake } : {}),
  };
}

/** An open ticket of this user that is waiting for an answer, or why not. */
function awaitingAnswer(record: TicketRecord | undefined, userId: string): OpenRecord | AnswerRefused {
  if (!record || record.userId !== userId) return endedAnswer(undefined);
  if (isOpen(record)) return record.state === 'pending' ? record : { ok: false, ...ANSWERED };
  return endedAnswer(record.state);
}

/** What an answer to a ticket that ended this way is told: never that it was taken. */
export function endedAnswer(ending: Ending | undefined): AnswerRefused {
  if (ending === 'expired') return { ok: false, ...EXPIRED };
  if (ending === 'lost') return { ok: false, ...LOST };
  return { ok: false, ...(ending ? ANSWERED : UNKNOWN) };
}

/** The ticket as the user was asked it: an open one, or a view's call that expired at its gate. */
export function readTicket(record: TicketRecord | undefined, userId: string): GateTicket | undefined {
  if (!record || record.userId !== userId) return undefined;
  return isOpen(record) ? ticketOf(record) : record.ticket;
}

/**
 * Records the passkey challenge issued for a ticket; the assertion must answer exactly it. For a
 * verified gate (SEP-2672) also the MCP server's challenge id; a new challenge replaces the old one.
 */
export function challengeStep(
  stored: TicketRecord | undefined,
  now: number,
  userId: string,
  challenge: string,
  challengeId?: string,
): Step<boolean> {
  return onSettled(stored, now, (record) => {
    const pending = awaitingAnswer(record, userId);
    if (!('binding' in pending)) return { result: false };
    const { challengeId: _old, ...rest } = pending;
    return { next: { ...rest, challenge, ...(challengeId ? { challengeId } : {}) }, result: true };
  });
}

function approvalEvidence(
  pending: OpenRecord,
  answer: GateAnswer,
): { ok: true; auth?: McpletAuth; verified?: VerifiedEvidence } | { ok: false; reason: string } {
  const requirement = GATE_TABLE[pending.gate].server;
  if (requirement === 'assertion') {
    const auth = pending.challenge ? toMcpletAuth(answer.assertion, pending.challenge) : null;
    if (!auth)
      return {
        ok: false,
        reason: 'A passkey gate needs an assertion for the challenge issued for this call.',
      };
    return { ok: true, auth };
  }
  if (requirement === 'server-verified') {
    const answers = pending.challenge ? toMcpletAuth(answer.assertion, pending.challenge) : null;
    if (!answers || !pending.challengeId)
      return {
        ok: false,
        reason: 'A verified approval needs an assertion for the challenge the server issued for this call.',
      };
    return { ok: true, verified: { challengeId: pending.challengeId, response: answer.assertion } };
  }
  return { ok: true };
}

/**
 * The user's answer on a ticket they own; a ticket is answered once. A passkey gate is approved
 * only with an assertion whose challenge is the one issued for this ticket. A refusal ends the
 * ticket at once; an approval keeps it until its one dispatch spends it, or it expires. `edited`
 * arguments (already validated by the caller) are accepted only where the gate table says the
 * level is editable; the ticket is then bound to them, and only they can be dispatched.
 */
export function decideStep(
  stored: TicketRecord | undefined,
  now: number,
  userId: string,
  answer: GateAnswer,
  edited?: Record<string, unknown>,
): Step<DecisionResult> {
  return onSettled<DecisionResult>(stored, now, (record) => {
    const pending = awaitingAnswer(record, userId);
    if (!('binding' in pending)) return { result: pending };
    if (!answer.approved) {
      const outcome = refusalFor(answer.reason ?? 'cancelled');
      return {
        ...ended(pending, 'refused', outcome),
        result: { ok: true, ticket: ticketOf(pending), outcome },
      };
    }
    if (edited && !GATE_TABLE[pending.gate].editable)
      return { result: { ok: false, status: 400, reason: 'The arguments of this call cannot be edited.' } };
    const asked: OpenRecord = edited
      ? { ...pending, args: edited, binding: bindingOf(pending.serverId, pending.toolName, edited) }
      : pending;
    const evidence = approvalEvidence(asked, answer);
    if (!evidence.ok) return { result: { ok: false, status: 400, reason: evidence.reason } };
    const outcome: GateOutcome = { verdict: 'approved' };
    const { ok: _ok, ...held } = evidence;
    const next: OpenRecord = { ...asked, ...held, state: 'approved', outcome };
    return { next, wake: outcome, result: { ok: true, ticket: ticketOf(next), outcome } };
  });
}

/** Ends a ticket because something other than the user failed (the FIDO2 server, say). */
export function failStep(
  stored: TicketRecord | undefined,
  now: number,
  userId: string,
  reason: RefusalReason,
): Step<void> {
  return onSettled(stored, now, (record) => {
    if (!isOpen(record) || record.userId !== userId || record.state !== 'pending')
      return { result: undefined };
    return { ...ended(record, 'refused', refusalFor(reason)), result: undefined };
  });
}

/** A turn that stopped waiting (aborted) denies its call, unless the user already answered it. */
export function cancelStep(stored: TicketRecord | undefined, now: number): Step<void> {
  return onSettled(stored, now, (record) => {
    if (!isOpen(record) || record.state !== 'pending') return { result: undefined };
    return { ...ended(record, 'refused', refusalFor('cancelled')), result: undefined };
  });
}

/**
 * Ends a model's call whose holder (the instance whose turn waited on it) is gone: no other instance
 * can take the call over, since the turn's model stream and tool state lived only there
 * (docs/architecture.md). The caller has found the holder not alive; this step is the atomic part:
 * a ticket the holder spent meanwhile stays spent. Says how the ticket ended, by this step or
 * before; nothing for a ticket of another user, or one that is not a model's call.
 */
export function loseStep(
  stored: TicketRecord | undefined,
  now: number,
  userId: string,
): Step<Ending | undefined> {
  return onSettled<Ending | undefined>(stored, now, (record) => {
    if (!record || record.userId !== userId) return { result: undefined };
    if (!isOpen(record)) return { result: record.state };
    if (record.kind !== 'model') return { result: undefined };
    return { ...ended(record, 'lost', refusalFor('lost')), result: 'lost' };
  });
}

/** The instance holding an open model call of this user (whose turn waits on it), if any. */
export function holderOf(record: TicketRecord | undefined, userId: string): string | undefined {
  return isOpen(record) && record.userId === userId ? record.holder : undefined;
}

/** Whether a ticket of this user is still open, or how it ended; nothing for one it does not know. */
export function endingOf(record: TicketRecord | undefined, userId: string): Ending | 'open' | undefined {
  if (!record || record.userId !== userId) return undefined;
  return isOpen(record) ? 'open' : record.state;
}

/** The outcome a waiting call can take now, if the ticket has one. */
export function outcomeOf(record: TicketRecord | undefined): GateOutcome | undefined {
  if (!record) return refusalFor('expired');
  return record.outcome;
}

/**
 * Spends an approval: only for an approved, unexpired, unused ticket of this user whose call is
 * exactly the one about to be dispatched. A replay, another call or changed arguments get nothing;
 * the ticket ends with the spend, and its assertion leaves the store in the result.
 */
export function spendStep(
  stored: TicketRecord | undefined,
  now: number,
  call: { userId: string; serverId: string; toolName: string; args: unknown },
): Step<SpendResult> {
  return onSettled<SpendResult>(stored, now, (record) => {
    // A call whose ticket was ended as lost is told so: its model learns why nothing was sent.
    if (record?.state === 'lost' && record.userId === call.userId)
      return { result: { ok: false, lost: true } };
    if (!isOpen(record) || record.userId !== call.userId || record.state !== 'approved')
      return { result: { ok: false } };
    if (record.binding !== bindingOf(call.serverId, call.toolName, call.args))
      return { result: { ok: false } };
    const next = closeRecord(record, 'used', { verdict: 'approved' });
    const { auth, verified } = record;
    if (GATE_TABLE[record.gate].server === 'assertion' && !auth) return { next, result: { ok: false } };
    if (GATE_TABLE[record.gate].server === 'server-verified' && !verified)
      return { next, result: { ok: false } };
    return {
      next,
      result: { ok: true, record, ...(auth ? { auth } : {}), ...(verified ? { verified } : {}) },
    };
  });
}

export type Spent = { ok: true; pass: GatePass } | { ok: false; lost?: true };

/** The gate pass for a spent approval: what dispatch accepts, for exactly the approved call. */
export function passFor(spent: SpendResult): Spent {
  if (!spent.ok) return spent.lost ? { ok: false, lost: true } : { ok: false };
  const { record, auth, verified } = spent;
  const pass = mintPass({
    gate: record.gate,
    serverId: record.serverId,
    toolName: record.toolName,
    binding: record.binding,
    via: 'answer',
    ...(auth ? { auth } : {}),
    ...(verified ? { verified } : {}),
  });
  return { ok: true, pass };
}
