import 'server-only';
import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type GatePass, redeemPass } from '../gates/pass';
import {
  type ErrorCode as EnvelopeCode,
  errorEnvelope,
  type ResultEnvelope,
  wrapCallResult,
} from '../mcplet/envelope';
import { type CallSurface, type Decision, decide, type PolicySession } from '../mcplet/policy';
import { type ModelContent, projectResult, toolSource } from '../mcplet/projection';
import type { McpletTool } from '../mcplet/types';
import { canonicalJson } from '../trust/canonical';
import type { UntrustedSource } from '../trust/untrusted-content';
import { ServerUnavailableError } from './connection';
import type { Exchange } from './recording-transport';
import type { McpRegistry } from './registry';
import { hintsTrusted } from './server-config';
import { describeErrors } from './validators';

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
}

export interface DispatchResult {
  decision: Decision;
  envelope: ResultEnvelope;
  /** The full MCP result, for views; absent when nothing was sent. */
  result?: CallToolResult;
  /** What the model may see of the result (15). */
  modelContent: ModelContent;
  /** Set when the model received (some of) the result as untrusted data, and why. */
  untrusted?: UntrustedSource;
  /** The raw JSON-RPC request and response, for the developer preview. */
  exchange?: Exchange;
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
  return {
    decision,
    envelope: errorEnvelope(tool, code, message),
    modelContent: [{ type: 'text', text: `Error (${code}): ${message}` }],
    sent: false,
    durationMs: performance.now() - started,
  };
}

function classify(
  error: unknown,
  serverName: string,
  timeoutMs: number,
): { code: EnvelopeCode; message: string; down: boolean } {
  if (error instanceof ServerUnavailableError)
    return { code: 'SERVICE_UNAVAILABLE', message: error.message, down: false };
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return {
        code: 'SERVICE_UNAVAILABLE',
        message: `${serverName} did not answer within ${Math.round(timeoutMs / 1000)} s`,
        down: false,
      };
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return { code: 'SERVICE_UNAVAILABLE', message: `${serverName} closed the connection`, down: true };
    }
    if (error.code === ErrorCode.InvalidParams)
      return { code: 'VALIDATION_ERROR', message: error.message, down: false };
    if (error.code === ErrorCode.MethodNotFound)
      return { code: 'NOT_FOUND', message: error.message, down: false };
    return { code: 'UNKNOWN_ERROR', message: error.message, down: false };
  }
  const text =
    error instanceof Error
      ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
      : String(error);
  if (/ECONNREFUSED|ECONNRESET|fetch failed|socket hang up|EPIPE|terminated|not connected/i.test(text)) {
    return { code: 'SERVICE_UNAVAILABLE', message: `${serverName} cannot be reached`, down: true };
  }
  return {
    code: 'UNKNOWN_ERROR',
    message: error instanceof Error ? error.message : String(error),
    down: false,
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

/** decide() for a call to a registered server, with what the host knows of that server (trusted hints). */
export function decisionFor(
  registry: McpRegistry,
  request: {
    serverId: string;
    toolName: string;
    args: unknown;
    surface: CallSurface;
    session: PolicySession;
  },
): { tool: McpletTool | undefined; decision: Decision } {
  const connection = registry.get(request.serverId);
  const tool = registry.tool(request.serverId, request.toolName, request.session);
  const trustHints = connection ? hintsTrusted(connection.config) : false;
  return { tool, decision: decide(tool, request.surface, request.args, request.session, { trustHints }) };
}

/** Policy and argument validation: everything that must pass before a gate is even shown. */
export function precheck(registry: McpRegistry, request: Omit<DispatchRequest, 'pass' | 'signal'>): Precheck {
  const started = performance.now();
  const connection = registry.get(request.serverId);
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
  message: string,
  code: EnvelopeCode = 'AUTH_REQUIRED',
): DispatchResult {
  if (checked.tool.mcpletType === 'action') {
    auditAction(
      registry,
      call,
      checked.decision.allow ? checked.decision.gate : 'denied',
      `declined:${code}`,
    );
  }
  return fail(checked.tool, checked.decision, code, message, performance.now());
}

/** 16.3 by analogy: an assertion is not kept beyond its call, not even in the preview's exchange. */
function redactAuth(exchange: Exchange): Exchange {
  const request = exchange.request as { params?: { _meta?: Record<string, unknown> } };
  if (!request.params?._meta?.mcplet_auth) return exchange;
  return {
    ...exchange,
    request: {
      ...exchange.request,
      params: { ...request.params, _meta: { ...request.params._meta, mcplet_auth: '[redacted]' } },
    } as Exchange['request'],
  };
}

function argsHash(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? {}))
    .digest('hex')
    .slice(0, 16);
}

/** 16.5: every action call is written to the audit log, whatever its outcome. No secrets, no arguments in the clear. */
export function auditAction(
  registry: McpRegistry,
  call: { serverId: string; toolName: string; args: unknown; surface: CallSurface; session: PolicySession },
  gate: string,
  outcome: string,
): void {
  registry.audit?.({
    userId: call.session.userId,
    surface: call.surface.kind,
    serverId: call.serverId,
    toolName: call.toolName,
    argsHash: argsHash(call.args),
    gate,
    outcome,
  });
}

/** An action approved by a remembered rule says so in the action log, after its outcome. */
export function rememberedOutcome(outcome: string, approvedBy: string): string {
  return `${outcome} (${approvedBy})`;
}

/**
 * The one server-side path for every tool call (DESIGN.md, the spine): policy, argument
 * validation, the gate check, the call, and the result envelope with its model projection.
 */
export async function dispatch(registry: McpRegistry, request: DispatchRequest): Promise<DispatchResult> {
  const result = await dispatchOnce(registry, request);
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

async function dispatchOnce(registry: McpRegistry, request: DispatchRequest): Promise<DispatchResult> {
  const started = performance.now();
  const checked = precheck(registry, request);
  if (!checked.ok) return checked.result;
  const { tool, decision, args } = checked;
  const connection = registry.get(request.serverId);
  if (!connection) return fail(tool, decision, 'NOT_FOUND', 'the server is gone', started);
  const passed = redeemPass(decision.gate, request.pass, {
    serverId: request.serverId,
    toolName: tool.name,
    args,
  });
  if (!passed.ok) return fail(tool, decision, 'AUTH_REQUIRED', `"${tool.name}" ${passed.message}`, started);
  const meta = passed.auth ? { mcplet_auth: passed.auth } : undefined;
  try {
    const { result, exchange } = await connection.callTool(tool.name, args, meta, request.signal);
    const projected = projectResult(result, toolSource(tool, connection.config.name));
    return {
      decision,
      envelope: wrapCallResult(tool, result),
      result,
      modelContent: projected.content,
      ...(projected.untrusted ? { untrusted: projected.untrusted } : {}),
      exchange: redactAuth(exchange),
      sent: true,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    const { code, message, down } = classify(error, connection.config.name, connection.callTimeoutMs);
    if (down) connection.markUnavailable(message);
    const failed = fail(tool, decision, code, message, started);
    return { ...failed, sent: !(error instanceof ServerUnavailableError) };
  }
}
