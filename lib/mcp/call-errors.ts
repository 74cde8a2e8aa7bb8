import 'server-only';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ErrorCode as EnvelopeCode } from '../mcplet/envelope';
import { approvalRefusalReason, approvalRefusalText } from '../mcplet/verified-approval';
import { ServerUnavailableError } from './connection';
import { OutputSchemaError } from './output-check';

/** What each kind of input a server may ask for mid-call (SEP-2322) is, in words. */
const INPUT_WORDS: Record<string, string> = {
  'elicitation/create': 'an answer from the user',
  'sampling/createMessage': 'a completion from the model (sampling)',
  'roots/list': 'the list of folders it may use (roots)',
};

/**
 * The input an `input_required` result asked for that the host has no handler for, in words; the
 * SDK's own sentence is written for the developer of a client, not for the user or the model.
 */
function unofferedInput(error: unknown): string | undefined {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.CapabilityNotSupported) return undefined;
  const data = error.data as { method?: unknown } | undefined;
  const method = typeof data?.method === 'string' ? data.method : undefined;
  if (!method) return undefined;
  return INPUT_WORDS[method] ?? `input of a kind it calls ${method.slice(0, 60)}`;
}

/**
 * What a failed `tools/call` tells the result envelope: its code, a sentence for the user and the
 * model, and whether the server should be marked down.
 */
export function classifyCallError(
  error: unknown,
  serverName: string,
  timeoutMs: number,
): { code: EnvelopeCode; message: string; down: boolean } {
  if (error instanceof ServerUnavailableError)
    return { code: 'SERVICE_UNAVAILABLE', message: error.message, down: false };
  if (error instanceof OutputSchemaError)
    return { code: 'VALIDATION_ERROR', message: error.message, down: false };
  // A timeout and a closed connection are the SDK's own errors; the rest came over the wire.
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return {
      code: 'SERVICE_UNAVAILABLE',
      message: `${serverName} did not answer within ${Math.round(timeoutMs / 1000)} s`,
      down: false,
    };
  const unoffered = unofferedInput(error);
  if (unoffered)
    return {
      code: 'X_INPUT_NOT_OFFERED',
      message: `${serverName} asked for ${unoffered}, which this host does not offer; the call was not completed.`,
      down: false,
    };
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)
    return { code: 'SERVICE_UNAVAILABLE', message: `${serverName} closed the connection`, down: true };
  if (error instanceof ProtocolError) {
    if (error.code === ProtocolErrorCode.InvalidParams)
      return { code: 'VALIDATION_ERROR', message: error.message, down: false };
    if (error.code === ProtocolErrorCode.MethodNotFound)
      return { code: 'NOT_FOUND', message: error.message, down: false };
    const reason = approvalRefusalReason(error);
    if (reason)
      return {
        code: 'AUTH_FAILED',
        message: `${serverName} refused the approval: ${approvalRefusalText(reason)} (${reason})`,
        down: false,
      };
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
