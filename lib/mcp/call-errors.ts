import 'server-only';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { ErrorCode as EnvelopeCode } from '../mcplet/envelope';
import { approvalRefusalReason, approvalRefusalText } from '../mcplet/verified-approval';
import { ServerUnavailableError } from './connection';
import { OutputSchemaError } from './output-check';
import { type SamplingEnd, samplingEndOf } from './sampling-refusal';

/**
 * What each kind of input a server may ask for mid-call (SEP-2322) and the host does not offer is,
 * in words. Elicitation and sampling are offered (their handlers answer them); roots are not.
 */
const INPUT_WORDS: Record<string, string> = {
  'roots/list': 'the list of folders it may use (roots)',
};

/** A sampling request the host did not fulfil, ending a 2026-07-28 call: what the call's result says. */
const SAMPLING_END_WORDS: Record<SamplingEnd, string> = {
  rejected: 'you rejected the request',
  unattributed: 'the request could not be tied to this call',
  'rate-limited': 'it asked too often in the last minute',
  'no-model': 'this host has no model configured for it',
  'model-failed': 'the model could not answer it',
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
  const sampling = samplingEndOf(error);
  if (sampling)
    return {
      code: 'X_SAMPLING_REFUSED',
      message: `${serverName} asked for a completion from the model (sampling), which was not given: ${SAMPLING_END_WORDS[sampling]}. The call was not completed.`,
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
