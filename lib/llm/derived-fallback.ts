import 'server-only';
import type { UIMessage } from 'ai';
import { type DispatchResult, dispatch } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import type { FallbackOutcome } from '../mcplet/derived-result';
import { modelToolName } from '../mcplet/names';
import type { PolicySession } from '../mcplet/policy';
import type { RedactionOptions } from '../trust/redaction';
import { lastCallArguments } from './derived-history';
import { derivedLog } from './derived-log';

export interface FallbackTarget {
  serverId: string;
  toolName: string;
}

/** The arguments a fallback repeats: the model's own, else those of the target's latest real call. */
export function fallbackArguments(
  given: unknown,
  history: UIMessage[],
  target: FallbackTarget,
): Record<string, unknown> | undefined {
  if (given && typeof given === 'object' && !Array.isArray(given)) return given as Record<string, unknown>;
  return lastCallArguments(history, modelToolName(target.serverId, target.toolName));
}

export function fallbackOutcome(outcome: DispatchResult): FallbackOutcome {
  const error = 'error' in outcome.envelope ? outcome.envelope.error : undefined;
  return {
    ...(outcome.result ? { result: outcome.result } : {}),
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
  };
}

/**
 * 10.6: a normal backend call of the target instead of a derived result. It is made on the model's
 * behalf, so it goes through the one dispatch path as a model call: a tool that is not model-visible
 * or that needs a gate is refused there, never called around its policy.
 */
export function callInstead(
  registry: McpRegistry,
  session: PolicySession,
  target: FallbackTarget,
  args: Record<string, unknown>,
  conversationId: string | undefined,
  signal?: AbortSignal,
  redaction?: RedactionOptions,
): Promise<DispatchResult> {
  return dispatch(registry, {
    serverId: target.serverId,
    toolName: target.toolName,
    args,
    surface: { kind: 'model' },
    session,
    signal,
    ...(redaction ? { redaction } : {}),
    // Its conversation's trust state decides it and receives its result.
    ...(conversationId ? { context: { conversationId } } : {}),
  });
}

export type ExpiredFallback =
  | { ok: true; fallback: FallbackOutcome }
  | { ok: false; status: number; error: string };

/**
 * 10.6: a derived result expired before a view used it, so the host calls the target for real. The
 * browser names the call; what is called, and with which arguments, comes from the host's own record
 * of the accepted result, and only a result still pending can expire (once).
 */
export async function fallBackForExpired(
  registry: McpRegistry,
  userId: string,
  conversationId: string,
  toolCallId: string,
): Promise<ExpiredFallback> {
  const settled = await derivedLog().settle(userId, conversationId, toolCallId, 'expired');
  if (!settled) return { ok: false, status: 409, error: 'No pending derived result has that id.' };
  const call = settled.call;
  if (!call?.args) {
    return {
      ok: false,
      status: 422,
      error: 'No arguments to call the tool with: the model gave none and the tool was never called here.',
    };
  }
  const fallback = fallbackOutcome(
    await callInstead(registry, { userId }, call.target, call.args, conversationId),
  );
  await derivedLog().noteFallback(userId, toolCallId, fallback.error?.code ?? 'ok');
  return { ok: true, fallback };
}
