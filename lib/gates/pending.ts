import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { CallSurface, Gate } from '../mcplet/policy';
import { callBinding } from '../trust/canonical';

export type GateKind = 'model' | 'view';
export type GateState = 'pending' | 'approved' | 'denied' | 'expired' | 'used';
export type GateVerdict = 'approved' | 'denied' | 'expired';

export interface GateTicket {
  id: string;
  kind: GateKind;
  gate: Gate;
  surface: CallSurface;
  userId: string;
  serverId: string;
  serverName: string;
  toolName: string;
  toolTitle?: string;
  args: Record<string, unknown>;
  promptMessage?: string;
  expiresAt: number;
}

interface Pending extends GateTicket {
  binding: string;
  state: GateState;
  waiters: Array<(verdict: GateVerdict) => void>;
  timer: NodeJS.Timeout;
}

const TTL_MS = 120_000;
const holder = globalThis as unknown as { __mcpletGates?: Map<string, Pending> };
holder.__mcpletGates ??= new Map();
const gates = holder.__mcpletGates;

function hash(binding: string): string {
  return createHash('sha256').update(binding).digest('hex');
}

function settle(pending: Pending, state: GateState, verdict: GateVerdict) {
  if (pending.state !== 'pending') return;
  pending.state = state;
  clearTimeout(pending.timer);
  for (const waiter of pending.waiters.splice(0)) waiter(verdict);
}

/**
 * Opens a gate for one exact call. The ticket names the call (server, tool, arguments) and expires;
 * the only approval the server will accept later is for this ticket, by this user, for this call.
 */
export function openGate(input: Omit<GateTicket, 'id' | 'expiresAt'>, ttlMs = TTL_MS): GateTicket {
  const id = randomUUID();
  const expiresAt = Date.now() + ttlMs;
  const pending: Pending = {
    ...input,
    id,
    expiresAt,
    binding: hash(callBinding(input.serverId, input.toolName, input.args)),
    state: 'pending',
    waiters: [],
    timer: setTimeout(() => {
      settle(pending, 'expired', 'expired');
      setTimeout(() => gates.delete(id), TTL_MS).unref();
    }, ttlMs),
  };
  pending.timer.unref();
  gates.set(id, pending);
  const { binding: _b, state: _s, waiters: _w, timer: _t, ...ticket } = pending;
  return ticket;
}

export type DecisionResult =
  | { ok: true; ticket: GateTicket }
  | { ok: false; status: 404 | 409 | 410; reason: string };

/** Records the user's decision on a ticket they own; a ticket is decided once. */
export function decideGate(id: string, userId: string, approved: boolean): DecisionResult {
  const pending = gates.get(id);
  if (!pending || pending.userId !== userId)
    return { ok: false, status: 404, reason: 'No such confirmation request.' };
  if (pending.state === 'expired' || Date.now() > pending.expiresAt) {
    settle(pending, 'expired', 'expired');
    return { ok: false, status: 410, reason: 'This confirmation request expired. Ask again.' };
  }
  if (pending.state !== 'pending')
    return { ok: false, status: 409, reason: 'This confirmation request was already answered.' };
  settle(pending, approved ? 'approved' : 'denied', approved ? 'approved' : 'denied');
  return { ok: true, ticket: pending };
}

/** Waits for the decision on a model-proposed call (Appendix A: the call is suspended, not blocked). */
export function waitForGate(id: string, signal?: AbortSignal): Promise<GateVerdict> {
  const pending = gates.get(id);
  if (!pending) return Promise.resolve('expired');
  if (pending.state === 'approved') return Promise.resolve('approved');
  if (pending.state !== 'pending') return Promise.resolve(pending.state === 'denied' ? 'denied' : 'expired');
  return new Promise((resolve) => {
    pending.waiters.push(resolve);
    signal?.addEventListener('abort', () => settle(pending, 'denied', 'denied'), { once: true });
  });
}

/**
 * Spends an approval: true only for an approved, unexpired, unused ticket of this user whose call
 * is exactly the one about to be dispatched. A replay, another call or changed arguments get false.
 */
export function spendApproval(
  id: string,
  userId: string,
  serverId: string,
  toolName: string,
  args: unknown,
): boolean {
  const pending = gates.get(id);
  if (!pending || pending.userId !== userId || pending.state !== 'approved') return false;
  if (Date.now() > pending.expiresAt) return false;
  if (pending.binding !== hash(callBinding(serverId, toolName, args))) return false;
  pending.state = 'used';
  return true;
}

export function gateTicket(id: string, userId: string): GateTicket | undefined {
  const pending = gates.get(id);
  if (!pending || pending.userId !== userId) return undefined;
  const { binding: _b, state: _s, waiters: _w, timer: _t, ...ticket } = pending;
  return ticket;
}
