import 'server-only';
import { type DispatchResult, dispatch, gateRefusal, type Precheck, precheck } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import type { CallSurface, PolicySession } from '../mcplet/policy';
import type { GateAnswer } from './answers';
import { refusalFor } from './answers';
import { decideGate, type GateKind, type GateTicket, gateTicket, openGate, spendApproval } from './pending';

export type CallStart = { kind: 'result'; result: DispatchResult } | { kind: 'gate'; ticket: GateTicket };

export interface CallIntent {
  serverId: string;
  toolName: string;
  args: unknown;
  surface: CallSurface;
  session: PolicySession;
}

/** Runs a call that needs no gate, or opens a gate ticket for one that does (nothing is sent yet). */
export async function startCall(
  registry: McpRegistry,
  intent: CallIntent,
  kind: GateKind,
): Promise<CallStart> {
  const checked = precheck(registry, intent);
  if (!checked.ok) return { kind: 'result', result: checked.result };
  if (checked.decision.gate === 'none') return { kind: 'result', result: await dispatch(registry, intent) };
  return { kind: 'gate', ticket: openGateFor(registry, intent, checked, kind) };
}

/** Phase 2: pauses a call that passed policy and validation, before anything reaches its server. */
export function openGateFor(
  registry: McpRegistry,
  intent: CallIntent,
  checked: Extract<Precheck, { ok: true }>,
  kind: GateKind,
): GateTicket {
  const connection = registry.get(intent.serverId);
  return openGate({
    kind,
    gate: checked.decision.gate,
    surface: intent.surface,
    userId: intent.session.userId,
    serverId: intent.serverId,
    serverName: connection?.config.name ?? intent.serverId,
    bindingServer: connection?.serverInfo?.name ?? intent.serverId,
    toolName: checked.tool.name,
    toolTitle: checked.tool.title,
    args: checked.args,
    promptMessage: checked.tool.auth?.promptMessage,
  });
}

export type GateResult =
  | { ok: true; result: DispatchResult | null }
  | { ok: false; status: number; reason: string };

/**
 * The user's answer to a gate. For a view's call the approved call is dispatched here, with the
 * arguments stored in the ticket (the client cannot change them) and, for a passkey gate, the
 * assertion injected into `params._meta.mcplet_auth` (7.3.1); a model's call wakes up and
 * dispatches itself.
 */
export async function answerGate(
  registry: McpRegistry,
  id: string,
  userId: string,
  answer: GateAnswer,
): Promise<GateResult> {
  const decided = decideGate(id, userId, answer);
  if (!decided.ok) {
    const ticket = decided.status === 410 ? gateTicket(id, userId) : undefined;
    if (ticket?.kind !== 'view') return decided;
    // A view's call that expired at its gate still gets a result it can show.
    const checked = precheck(registry, { ...ticket, session: { userId } });
    if (!checked.ok) return { ok: true, result: checked.result };
    const expired = refusalFor('expired');
    return {
      ok: true,
      result: gateRefusal(
        registry,
        { ...ticket, session: { userId } },
        checked,
        expired.message,
        expired.code,
      ),
    };
  }
  const { ticket, outcome } = decided;
  if (ticket.kind === 'model') return { ok: true, result: null };
  const checked = precheck(registry, { ...ticket, session: { userId } });
  if (!checked.ok) return { ok: true, result: checked.result };
  if (outcome.verdict === 'refused')
    return {
      ok: true,
      result: gateRefusal(
        registry,
        { ...ticket, session: { userId } },
        checked,
        outcome.message,
        outcome.code,
      ),
    };
  const spent = spendApproval(ticket.id, userId, ticket.serverId, ticket.toolName, ticket.args);
  return {
    ok: true,
    result: await dispatch(registry, {
      serverId: ticket.serverId,
      toolName: ticket.toolName,
      args: ticket.args,
      surface: ticket.surface,
      session: { userId },
      gatePassed: spent.ok,
      ...(spent.ok && spent.auth ? { meta: { mcplet_auth: spent.auth } } : {}),
    }),
  };
}
