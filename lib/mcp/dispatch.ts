import 'server-only';
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { configuredCredentialPatterns } from '../config/load';
import { type GatePass, redeemPass } from '../gates/pass';
import type { CallContext } from '../gates/remembered';
import { log } from '../log/logger';
import {
  type ErrorCode as EnvelopeCode,
  errorEnvelope,
  type ResultEnvelope,
  wrapCallResult,
} from '../mcplet/envelope';
import {
  cleanValue,
  hostText,
  type ModelFacing,
  projectModelFacing,
  redactToolResult,
  type Withheld,
} from '../mcplet/model-facing';
import { type CallSurface, type Decision, decide, type PolicySession } from '../mcplet/policy';
import type { ModelContent } from '../mcplet/projection';
import { callsAsTask } from '../mcplet/tasks';
import type { McpletTool } from '../mcplet/types';
import { approvalEvidence, VERIFIED_APPROVAL_KEY } from '../mcplet/verified-approval';
import type { RedactionOptions } from '../trust/redaction';
import { createScrubSet, extendScrubSet } from '../trust/scrub';
import { EMPTY_TRUST_STATE, type TrustState, withRequestAnnotations } from '../trust/trust-state';
import type { UntrustedSource } from '../trust/untrusted-content';
import { auditAction, declinedOutcome, rememberedOutcome } from './action-log';
import { classifyCallError } from './call-errors';
import { type CallTask, type ProgressListener, readProgress, readTaskProgress } from './call-progress';
import { CANCELLED_CODE, CANCELLED_TEXT } from './cancelled-call';
import { ServerUnavailableError } from './connection';
import { withElicitationOrigin } from './elicitation-scope';
import { checkOutput, markedInvalid, OutputSchemaError } from './output-check';
import type { Exchange } from './recording-transport';
import type { McpRegistry } from './registry';
import { hintsTrusted } from './server-config';
import { callLogMeta } from './server-log';
import type { TaskReport } from './task-call';
import { describeErrors } from './validators';

const emptyScrubSet = createScrubSet([]);

export interface DispatchRequest {
  serverId: string;
  toolName: string;
  args: unknown;
  surface: CallSurface;
  session: PolicySession;
  /**
   * The server-issued pass for this exact call, minted by lib/gates when the user's answer is
   * spent; its passkey assertion goes to `params._meta.mcplet_auth`, never `arguments` (7.3.1).
   */
  pass?: GatePass;
  signal?: AbortSignal;
  /** Told each progress notification of the call, read and masked (call-progress.ts). */
  onProgress?: ProgressListener;
  /** The conversation's scrub set and credential formats (the configured ones when absent). */
  redaction?: RedactionOptions;
  /** Where the call comes from, as the server knows it (scopes remembered approvals, names its trust state). */
  context?: CallContext;
  /** The conversation's trust state the call is decided with; read from the TrustBook when absent. */
  trust?: TrustState;
}

/** A call before its gate: everything but the pass and the abort signal. */
export type CallRequest = Omit<DispatchRequest, 'pass' | 'signal' | 'onProgress'>;

export interface DispatchResult {
  decision: Decision;
  envelope: ResultEnvelope;
  /** The full MCP result, for views; absent when nothing was sent. */
  result?: CallToolResult;
  /** What is kept for the model of the result, already redacted (model-facing.ts). */
  model: ModelFacing;
  /** What the model may see of the result now (15): `model` through the one projection. */
  modelContent: ModelContent;
  /** The values withheld from the model and why (the tool card; sealed at rest). */
  withheld?: Withheld;
  /** Set when the model received (some of) the result as untrusted data, and why. */
  untrusted?: UntrustedSource;
  /** The call ran as a task (MCP 2025-11-25 tasks): its id and how it ended, kept with the call. */
  task?: CallTask;
  /** The server flagged the result `maliciousActivityHint` (SEP): the card warns, the model was told. */
  malicious?: true;
  /**
   * The raw JSON-RPC request and response, for the developer preview: masked as the preview shows it,
   * and only when asked for (a view's call does not need it, and on a large result masking
   * it is another pass over every string). Assertions are already out of it.
   */
  exchange?: () => Exchange;
  sent: boolean;
  durationMs: number;
}

function fail(
  tool: McpletTool | { name: string },
  decision: Decision,
  code: EnvelopeCode,
  message: string,
  started: number,
): DispatchResult {
  const model = hostText(`Error (${code}): ${message}`);
  return {
    decision,
    envelope: errorEnvelope(tool, code, message),
    model,
    modelContent: projectModelFacing(model, { credentialPatterns: configuredCredentialPatterns() }).content,
    sent: false,
    durationMs: performance.now() - started,
  };
}

export type Precheck =
  | {
      ok: true;
      tool: McpletTool;
      decision: Extract<Decision, { allow: true }>;
      args: Record<string, unknown>;
    }
  | { ok: false; result: DispatchResult };

/** The trust state a call is decided with: its conversation's, else the preview-local one. */
export function trustOf(
  registry: McpRegistry,
  call: { session: PolicySession; context?: CallContext },
): Promise<TrustState> {
  return (
    registry.trust?.state(call.session.userId, call.context?.conversationId) ??
    Promise.resolve(EMPTY_TRUST_STATE)
  );
}

/**
 * decide() for a call to a registered server, with what the host knows of that server (trusted
 * hints), the call's trust state (`request.trust`, read by the caller) and the host's trust policy.
 */
export function decisionFor(
  registry: McpRegistry,
  request: CallRequest,
): { tool: McpletTool | undefined; decision: Decision } {
  const connection = registry.getFor(request.serverId, request.session.userId);
  const tool = registry.tool(request.serverId, request.toolName, request.session);
  const trustHints = connection ? hintsTrusted(connection.config) : false;
  const trust = { state: request.trust ?? EMPTY_TRUST_STATE, policy: registry.trust?.policy };
  return {
    tool,
    decision: decide(tool, request.surface, request.args, request.session, { trustHints, trust }),
  };
}

/** Policy and argument validation: everything that must pass before a gate is even shown. */
export function precheck(registry: McpRegistry, request: CallRequest): Precheck {
  const started = performance.now();
  const connection = registry.getFor(request.serverId, request.session.userId);
  const { tool, decision } = decisionFor(registry, request);
  const named = tool ?? { name: request.toolName };
  if (!decision.allow) {
    const code =
      decision.code === 'NOT_ADMITTED'
        ? 'NOT_FOUND'
        : decision.code === 'TOOL_CHANGED'
          ? 'X_TOOL_CHANGED'
          : 'X_NOT_ALLOWED';
    return { ok: false, result: fail(named, decision, code, decision.reason, started) };
  }
  if (!tool || !connection)
    return { ok: false, result: fail(named, decision, 'NOT_FOUND', 'the tool is gone', started) };
  const args = request.args as Record<string, unknown>;
  const validate = connection.catalog.inputValidators.get(tool.name);
  if (validate && !validate(args)) {
    const message = `the arguments do not match the tool's input schema: ${describeErrors(validate)}`;
    return { ok: false, result: fail(tool, decision, 'VALIDATION_ERROR', message, started) };
  }
  return { ok: true, tool, decision, args };
}

/** A call that ended at its gate: nothing was sent; an action is still audited. */
export function gateRefusal(
  registry: McpRegistry,
  call: { serverId: string; toolName: string; args: unknown; surface: CallSurface; session: PolicySession },
  checked: { tool: McpletTool; decision: Decision },
  refusal: { code: EnvelopeCode; message: string; reason?: string },
): DispatchResult {
  if (checked.tool.mcpletType === 'action') {
    auditAction(
      registry,
      call,
      checked.decision.allow ? checked.decision.gate : 'denied',
      declinedOutcome(refusal),
    );
  }
  return fail(checked.tool, checked.decision, refusal.code, refusal.message, performance.now());
}

/** SEP propagation rules: the result's trust marks join its conversation's state before anyone sees it. */
export async function recordTrust(
  registry: McpRegistry,
  call: { serverId: string; session: PolicySession; context?: CallContext },
  tool: Pick<McpletTool, 'name' | 'trust'>,
  result: unknown,
): Promise<void> {
  try {
    await registry.trust?.record(
      call.session.userId,
      call.context?.conversationId,
      { serverId: call.serverId, toolName: tool.name },
      tool.trust,
      result,
    );
  } catch (error) {
    log('error', '[trust] could not record a result in its conversation trust state:', { error });
  }
}

/** 16.3 by analogy: an assertion is not kept beyond its call, not even in the preview's exchange. */
function redactAuth(exchange: Exchange): Exchange {
  const request = exchange.request as { params?: { _meta?: Record<string, unknown> } };
  const meta = request.params?._meta;
  if (!meta?.mcplet_auth && !meta?.[VERIFIED_APPROVAL_KEY]) return exchange;
  return {
    ...exchange,
    request: {
      ...exchange.request,
      params: {
        ...request.params,
        _meta: {
          ...meta,
          ...(meta.mcplet_auth ? { mcplet_auth: '[redacted]' } : {}),
          ...(meta[VERIFIED_APPROVAL_KEY] ? { [VERIFIED_APPROVAL_KEY]: '[redacted]' } : {}),
        },
      },
    } as Exchange['request'],
  };
}

/**
 * The one server-side path for every tool call (DESIGN.md, the spine): policy, argument
 * validation, the gate check, the call, and the result envelope with its model projection.
 */
export async function dispatch(registry: McpRegistry, request: DispatchRequest): Promise<DispatchResult> {
  const trust = request.trust ?? (await trustOf(registry, request));
  const result = await dispatchOnce(registry, { ...request, trust });
  if ('mcpletType' in result.envelope._meta && result.envelope._meta.mcpletType === 'action') {
    const error = 'error' in result.envelope ? result.envelope.error.code : null;
    const outcome = error === null ? 'ok' : result.sent ? error : `refused:${error}`;
    const by = request.pass?.via === 'remembered' ? request.pass.approvedBy : undefined;
    auditAction(
      registry,
      request,
      result.decision.allow ? result.decision.gate : 'denied',
      by ? rememberedOutcome(outcome, by) : outcome,
    );
  }
  return result;
}

async function dispatchOnce(
  registry: McpRegistry,
  request: DispatchRequest & { trust: TrustState },
): Promise<DispatchResult> {
  const started = performance.now();
  const checked = precheck(registry, request);
  if (!checked.ok) return checked.result;
  const { tool, decision, args } = checked;
  const connection = registry.getFor(request.serverId, request.session.userId);
  if (!connection) return fail(tool, decision, 'NOT_FOUND', 'the server is gone', started);
  const passed = redeemPass(decision.gate, request.pass, {
    serverId: request.serverId,
    toolName: tool.name,
    args,
  });
  if (!passed.ok) return fail(tool, decision, 'AUTH_REQUIRED', `"${tool.name}" ${passed.message}`, started);
  // SEP client responsibility 1: the conversation's request annotations ride beside mcplet_auth.
  const meta = withRequestAnnotations(
    {
      // 2026-07-28: a server sends log messages only for a request that names a level (server-log.ts).
      ...callLogMeta(connection.protocolVersion),
      ...(passed.auth ? { mcplet_auth: passed.auth } : {}),
      // SEP-2672: the assertion exactly as the browser gave it, with the server's challenge id.
      ...(passed.verified ? approvalEvidence(passed.verified.challengeId, passed.verified.response) : {}),
    },
    request.trust,
    request.serverId,
  );
  // Cancelled before anything went out (Cancel or Stop while the gate was being answered): nothing is sent.
  if (request.signal?.aborted) return fail(tool, decision, CANCELLED_CODE, CANCELLED_TEXT, started);
  const options = request.redaction ?? { credentialPatterns: configuredCredentialPatterns() };
  const onProgress = request.onProgress;
  const progressOf = onProgress
    ? (params: unknown) => {
        const read = readProgress(params, options);
        if (read) onProgress(read);
      }
    : undefined;
  let task: CallTask | undefined;
  const taskOf = (report: TaskReport) => {
    const read = readTaskProgress(report, options);
    if (!read?.task) return;
    task = read.task;
    onProgress?.(read);
  };
  try {
    const origin = {
      callId: randomUUID(),
      userId: request.session.userId,
      ...(request.context?.conversationId ? { conversationId: request.context.conversationId } : {}),
      serverId: request.serverId,
      serverKey: connection.key,
      serverName: connection.config.name,
      toolName: tool.name,
      ...(tool.title ? { toolTitle: tool.title } : {}),
      ...(request.redaction ? { redaction: request.redaction } : {}),
    };
    // MCP 2025-11-25 tasks: a tool that may run as a task, on a server that runs them, is called as one.
    const { result, exchange } = await withElicitationOrigin(origin, () =>
      callsAsTask(tool)
        ? connection.callToolAsTask(tool.name, args, meta, request.signal, taskOf)
        : connection.callTool(tool.name, args, meta, request.signal, progressOf),
    );
    try {
      checkOutput(result, connection.catalog.outputValidators.get(tool.name), {
        serverName: connection.config.name,
        toolName: tool.name,
      });
    } catch (error) {
      if (!(error instanceof OutputSchemaError)) throw error;
      // The raw result still reaches the user's view: it counts for the conversation's trust state,
      // and its sensitive values join the conversation's scrub set as a valid result's would.
      await recordTrust(registry, request, tool, result);
      const { withheld } = redactToolResult(
        result,
        tool,
        connection.config.name,
        options,
        registry.trust?.policy,
      );
      const failed = fail(tool, decision, 'VALIDATION_ERROR', error.message, started);
      return {
        ...failed,
        result: markedInvalid(result, error.message),
        ...(withheld ? { withheld } : {}),
        sent: true,
      };
    }
    const { model, withheld } = redactToolResult(
      result,
      tool,
      connection.config.name,
      options,
      registry.trust?.policy,
    );
    const projected = projectModelFacing(model, options);
    await recordTrust(registry, request, tool, result);
    const withoutAssertions = redactAuth(exchange);
    return {
      decision,
      envelope: wrapCallResult(tool, result),
      result,
      model,
      modelContent: projected.content,
      ...(withheld ? { withheld } : {}),
      ...(projected.untrusted ? { untrusted: projected.untrusted } : {}),
      ...(model.malicious ? { malicious: true as const } : {}),
      ...(task ? { task } : {}),
      // The preview's JSON-RPC log shows what was withheld from the model masked too.
      exchange: () =>
        cleanValue(withoutAssertions, {
          ...options,
          scrubSet: extendScrubSet(options.scrubSet ?? emptyScrubSet, withheld?.values ?? []),
        }),
      sent: true,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    // The SDK told the server (notifications/cancelled, or the closed stream on 2026-07-28).
    if (request.signal?.aborted)
      return {
        ...fail(tool, decision, CANCELLED_CODE, CANCELLED_TEXT, started),
        ...(task ? { task: { ...task, status: 'cancelled' as const } } : {}),
        sent: true,
      };
    const { code, message, down } = classifyCallError(
      error,
      connection.config.name,
      connection.callTimeoutMs,
    );
    if (down) connection.markUnavailable(message);
    const failed = fail(tool, decision, code, message, started);
    return { ...failed, sent: !(error instanceof ServerUnavailableError) };
  }
}
