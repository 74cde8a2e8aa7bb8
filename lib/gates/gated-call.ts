import 'server-only';
import { log } from '../log/logger';
import type { ProgressListener } from '../mcp/call-progress';
import {
  type CallRequest,
  type DispatchResult,
  dispatch,
  gateRefusal,
  type Precheck,
  precheck,
  trustOf,
} from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import { compileSchema, describeErrors } from '../mcp/validators';
import type { ErrorCode } from '../mcplet/envelope';
import { GATE_TABLE } from '../mcplet/gates';
import { rememberedMayCover } from '../mcplet/trust-escalation';
import type { ApprovalScopeKind } from '../trust/approval-rules';
import type { GateAnswer, RefusalReason } from './answers';
import { refusalFor } from './answers';
import { type AnsweringInstance, lostBeforeAnswer, spentByHolder, thisInstance } from './lost-calls';
import type { GatePass } from './pass';
import type { GateKind, GateTicket } from './pending';
import { offerFor, pinHashOf, rememberAnswer, rememberedPass } from './remembered';
import { gateStore } from './store';

export type CallStart = { kind: 'result'; result: DispatchResult } | { kind: 'gate'; ticket: GateTicket };

/** A call as it starts: who calls what, from where, and (once read) with which trust state. */
export type CallIntent = CallRequest;

/** The call with its conversation's trust state, read now. */
async function withTrust(registry: McpRegistry, intent: CallIntent): Promise<CallIntent> {
  return intent.trust ? intent : { ...intent, trust: await trustOf(registry, intent) };
}

/**
 * SEP client responsibility 3 and Security Implications ("user agency: human-in-the-loop for final
 * decisions"): a result flagged malicious escalates the next action-like call, and the flag is spent
 * only when the user approves a call it escalated. A declined, expired or refused call leaves it
 * pending, so the model's retry of the same call is asked again (docs/gates.md).
 */
export async function spendMaliciousFlagOnApproval(
  registry: McpRegistry,
  ticket: Pick<GateTicket, 'userId' | 'context' | 'trustReasons'>,
): Promise<void> {
  if (!ticket.trustReasons?.some((reason) => reason.rule === 'malicious-activity')) return;
  try {
    await registry.trust?.spendMaliciousFlag(ticket.userId, ticket.context?.conversationId);
  } catch (error) {
    log('error', '[trust] could not spend a malicious-activity flag:', { error });
  }
}

/** A remembered rule that covers this confirm-level call, as a pass minted here; else nothing. */
function coveredPass(
  registry: McpRegistry,
  intent: CallIntent,
  checked: Extract<Precheck, { ok: true }>,
): Promise<GatePass | undefined> {
  const { userId } = intent.session;
  // What the conversation's data asks for is asked every time (docs/gates.md).
  if (!rememberedMayCover(checked.decision.trust?.reasons)) return Promise.resolve(undefined);
  return rememberedPass(registry, checked.decision.gate, {
    userId,
    serverId: intent.serverId,
    toolName: checked.tool.name,
    pinHash: pinHashOf(registry, userId, intent.serverId, checked.tool.name),
    ...intent.context,
    args: checked.args,
  });
}

/** Runs a call that does not wait for the user, or opens a gate ticket for one that does (nothing is sent yet). */
export async function startCall(
  registry: McpRegistry,
  asked: CallIntent,
  kind: GateKind,
): Promise<CallStart> {
  const intent = await withTrust(registry, asked);
  const checked = precheck(registry, intent);
  if (!checked.ok) return { kind: 'result', result: checked.result };
  if (!GATE_TABLE[checked.decision.gate].waits)
    return { kind: 'result', result: await dispatch(registry, intent) };
  const pass = await coveredPass(registry, intent, checked);
  if (pass)
    return { kind: 'result', result: await dispatch(registry, { ...intent, args: checked.args, pass }) };
  const ticket = await openGateFor(registry, intent, checked, kind);
  return { kind: 'gate', ticket };
}

/** Phase 2: pauses a call that passed policy and validation, before anything reaches its server. */
export function openGateFor(
  registry: McpRegistry,
  intent: CallIntent,
  checked: Extract<Precheck, { ok: true }>,
  kind: GateKind,
): Promise<GateTicket> {
  const connection = registry.getFor(intent.serverId, intent.session.userId);
  const { gate } = checked.decision;
  const { userId } = intent.session;
  const trustReasons = checked.decision.trust?.reasons ?? [];
  const remember = rememberedMayCover(trustReasons)
    ? offerFor(
        registry,
        gate,
        intent.context ?? {},
        pinHashOf(registry, userId, intent.serverId, checked.tool.name),
      )
    : undefined;
  return gateStore().open({
    kind,
    gate,
    surface: intent.surface,
    userId: intent.session.userId,
    serverId: intent.serverId,
    serverName: connection?.config.name ?? intent.serverId,
    bindingServer: connection?.serverInfo?.name ?? intent.serverId,
    toolName: checked.tool.name,
    toolTitle: checked.tool.title,
    args: checked.args,
    inputSchema: checked.tool.inputSchema,
    promptMessage: checked.tool.auth?.promptMessage,
    ...(remember ? { remember } : {}),
    ...(trustReasons.length > 0 ? { trustReasons } : {}),
    ...(intent.context ? { context: intent.context } : {}),
  });
}

export type Passed =
  | { ok: true; pass: GatePass; args: Record<string, unknown> }
  | { ok: false; code: ErrorCode; message: string; declined: boolean; reason?: RefusalReason };

/**
 * Wait → spend: waits for the user's answer to a ticket and turns an approval into a pass for
 * exactly the call approved (under review, with the arguments the user edited).
 */
export async function awaitPass(ticket: GateTicket, signal?: AbortSignal): Promise<Passed> {
  const store = gateStore();
  const outcome = await store.wait(ticket.id, signal);
  if (outcome.verdict === 'refused')
    return {
      ok: false,
      code: outcome.code,
      message: outcome.message,
      declined: true,
      reason: outcome.reason,
    };
  const args = (await store.ticket(ticket.id, ticket.userId))?.args ?? ticket.args;
  const spent = await store.spend(ticket.id, ticket.userId, ticket.serverId, ticket.toolName, args);
  if (!spent.ok && spent.lost) {
    // Another instance ended the call as lost while this one could not be seen alive: nothing is sent.
    const lost = refusalFor('lost');
    return { ok: false, code: lost.code, message: lost.message, declined: true, reason: lost.reason };
  }
  if (!spent.ok)
    return {
      ok: false,
      code: 'AUTH_REQUIRED',
      message: 'the approval does not match this call',
      declined: false,
    };
  return { ok: true, pass: spent.pass, args };
}

/** Wait → spend → dispatch: the one path from a gate ticket to the MCP server, for every surface. */
export async function passAndDispatch(
  registry: McpRegistry,
  ticket: GateTicket,
  intent: CallIntent,
  run: CallRun = {},
): Promise<DispatchResult> {
  const { signal, onProgress } = run;
  const passed = await awaitPass(ticket, signal);
  if (!passed.ok) {
    const checked = precheck(registry, intent);
    if (!checked.ok) return checked.result;
    return gateRefusal(registry, intent, checked, passed);
  }
  await spendMaliciousFlagOnApproval(registry, ticket);
  return dispatch(registry, { ...intent, args: passed.args, pass: passed.pass, signal, onProgress });
}

/** How a call runs once it may: its abort signal (Cancel, Stop) and who hears its progress. */
export interface CallRun {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
}

export type GatedStep = { kind: 'waiting'; ticket: GateTicket } | { kind: 'done'; result: DispatchResult };

/**
 * A model-proposed call (Appendix A): decided and validated, then either sent at once (levels that
 * do not wait) or paused at a ticket the browser draws (the `waiting` step), then wait → spend →
 * dispatch. Nothing reaches the MCP server before the pass exists.
 */
export async function* gatedDispatch(
  registry: McpRegistry,
  asked: CallIntent,
  run: CallRun = {},
): AsyncGenerator<GatedStep> {
  const { signal, onProgress } = run;
  const intent = await withTrust(registry, asked);
  const checked = precheck(registry, intent);
  if (!checked.ok) {
    yield { kind: 'done', result: checked.result };
    return;
  }
  if (!GATE_TABLE[checked.decision.gate].waits) {
    yield { kind: 'done', result: await dispatch(registry, { ...intent, signal, onProgress }) };
    return;
  }
  const pass = await coveredPass(registry, intent, checked);
  if (pass) {
    yield {
      kind: 'done',
      result: await dispatch(registry, { ...intent, args: checked.args, pass, signal, onProgress }),
    };
    return;
  }
  const ticket = await openGateFor(registry, intent, checked, 'model');
  yield { kind: 'waiting', ticket };
  yield { kind: 'done', result: await passAndDispatch(registry, ticket, intent, run) };
}

export type GateResult =
  | { ok: true; result: DispatchResult | null }
  | { ok: false; status: number; reason: string; retry?: boolean; lost?: true };

/** Edited arguments are checked against the tool's input schema before the approval binds to them. */
function checkEdit(ticket: GateTicket, args: unknown): { ok: true } | { ok: false; reason: string } {
  if (!GATE_TABLE[ticket.gate].editable || !ticket.inputSchema)
    return { ok: false, reason: 'The arguments of this call cannot be edited.' };
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return { ok: false, reason: 'The edited arguments must be a JSON object.' };
  const compiled = compileSchema(ticket.inputSchema);
  if (!compiled.ok)
    return { ok: false, reason: "The tool's input schema cannot be checked, so edits are refused." };
  if (!compiled.validate(args))
    return {
      ok: false,
      reason: `The edited arguments do not match the tool's input schema: ${describeErrors(compiled.validate)}. Nothing was sent.`,
    };
  return { ok: true };
}

/**
 * The user's answer to a gate. For a view's call the approved call is dispatched here, with the
 * arguments stored in the ticket (under review: the user's edit, validated and bound) and, for a
 * passkey gate, the assertion injected into `params._meta.mcplet_auth` (7.3.1); a model's call
 * wakes up and dispatches itself, in the instance whose turn waits on it: its approval is answered
 * `ok` only once that turn spent it, and a call whose turn is gone is answered lost (lost-calls.ts).
 * An approval with a scope the ticket offered (`remember`) also stores a remembered rule, built here
 * from the ticket.
 */
export async function answerGate(
  registry: McpRegistry,
  id: string,
  userId: string,
  answer: GateAnswer,
  edited?: Record<string, unknown>,
  remember?: ApprovalScopeKind,
  on: AnsweringInstance = thisInstance(),
): Promise<GateResult> {
  const { store } = on;
  const lost = await lostBeforeAnswer(on, id, userId);
  if (lost) return lost;
  if ((edited || remember) && answer.approved) {
    const asked = await store.ticket(id, userId);
    if (asked && remember && !asked.remember?.scopes.includes(remember))
      // An approval is taken only as the dialog offered it: a scope the ticket never offered is a
      // forged or stale answer, refused whole rather than read as a plain approval.
      return {
        ok: false,
        status: 400,
        reason: `This approval cannot be remembered as "${remember}": the gate did not offer it. Nothing was approved.`,
      };
    if (asked && edited) {
      const check = checkEdit(asked, edited);
      if (!check.ok) return { ok: false, status: 422, reason: check.reason, retry: true };
    }
  }
  const decided = await store.decide(id, userId, answer, answer.approved ? edited : undefined);
  if (!decided.ok) {
    const ticket = decided.status === 410 ? await store.ticket(id, userId) : undefined;
    if (ticket?.kind !== 'view') return decided;
    // A view's call that expired at its gate still gets a result it can show.
    const checked = precheck(registry, { ...ticket, session: { userId } });
    if (!checked.ok) return { ok: true, result: checked.result };
    const expired = refusalFor('expired');
    return {
      ok: true,
      result: gateRefusal(registry, { ...ticket, session: { userId } }, checked, expired),
    };
  }
  const { ticket } = decided;
  if (remember && answer.approved) {
    const current =
      ticket.surface.kind === 'view-tool'
        ? ticket.remember?.pinHash
        : pinHashOf(registry, userId, ticket.serverId, ticket.toolName);
    await rememberAnswer(registry, ticket, remember, current);
  }
  if (ticket.kind === 'model') {
    if (!answer.approved) return { ok: true, result: null };
    const spent = await spentByHolder(on, id, userId);
    return spent.ok ? { ok: true, result: null } : spent;
  }
  return { ok: true, result: await passAndDispatch(registry, ticket, { ...ticket, session: { userId } }) };
}
