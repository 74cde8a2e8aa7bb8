import 'server-only';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode as EnvelopeCode } from '../mcplet/envelope';
import { approvalRefusalReason, approvalRefusalText } from '../mcplet/verified-approval';
import { ServerUnavailableError } from './connection';

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
