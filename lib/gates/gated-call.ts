import 'server-only';
import { type DispatchResult, dispatch, gateRefusal, precheck } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import type { CallSurface, PolicySession } from '../mcplet/policy';
import { decideGate, type GateKind, type GateTicket, openGate, spendApproval } from './pending';

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
  const connection = registry.get(intent.serverId);
  const ticket = openGate({
    kind,
    gate: checked.decision.gate,
    surface: intent.surface,
    userId: intent.session.userId,
    serverId: intent.serverId,
    serverName: connection?.config.name ?? intent.serverId,
    toolName: checked.tool.name,
    toolTitle: checked.tool.title,
    args: checked.args,
    promptMessage: checked.tool.auth?.promptMessage,
  });
  return { kind: 'gate', ticket };
}

export type GateOutcome =
  | { ok: true; result: DispatchResult | null }
  | { ok: false; status: number; reason: string };

/**
 * The user's answer to a gate. For a view's call the approved call is dispatched here, with the
 * arguments stored in the ticket (the client cannot change them); for a model's call the suspended
 * turn wakes up and dispatches it itself.
 */
export async function answerGate(
  registry: McpRegistry,
  id: string,
  userId: string,
  approved: boolean,
): Promise<GateOutcome> {
  const decided = decideGate(id, userId, approved);
  if (!decided.ok) return decided;
  const { ticket } = decided;
  if (ticket.kind === 'model') return { ok: true, result: null };
  const checked = precheck(registry, { ...ticket, session: { userId } });
  if (!checked.ok) return { ok: true, result: checked.result };
  if (!approved)
    return { ok: true, result: gateRefusal(checked.tool, checked.decision, 'You declined this call.') };
  return {
    ok: true,
    result: await dispatch(registry, {
      serverId: ticket.serverId,
      toolName: ticket.toolName,
      args: ticket.args,
      surface: ticket.surface,
      session: { userId },
      gatePassed: spendApproval(ticket.id, userId, ticket.serverId, ticket.toolName, ticket.args),
    }),
  };
}
