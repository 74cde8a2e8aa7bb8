import 'server-only';
import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, SseError } from '@modelcontextprotocol/client';
import { OutboundRefusedError } from '../net/guard';
import { authorizationRequiredText } from './sign-in-words';

/** The server answered HTTP 401 and the host holds no usable sign-in: the user must Connect. */
export class AuthorizationRequiredError extends Error {
  constructor(serverName: string) {
    super(authorizationRequiredText(serverName));
    this.name = 'AuthorizationRequiredError';
  }
}

const MAX_TEXT = 300;

function short(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT)}…` : line;
}

/** The HTTP status of a failed MCP request, when the SDK reports one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof SdkHttpError) return error.status > 0 ? error.status : undefined;
  if (error instanceof SseError)
    return typeof error.code === 'number' && error.code > 0 ? error.code : undefined;
  const status = error instanceof Error ? /\(HTTP (\d{3})\)/.exec(error.message)?.[1] : undefined;
  return status ? Number(status) : undefined;
}

/**
 * What the host says about a failed connection or request, for `lastError`, the developer log and
 * the tool card: the rule, the status or the local cause, never a remote response body (a server
 * can be anything that speaks HTTP; its body must not be reflected to whoever added it).
 */
export function safeErrorText(error: unknown): string {
  if (error instanceof OutboundRefusedError || error instanceof AuthorizationRequiredError)
    return error.message;
  if (error instanceof SdkHttpError) {
    const match = /^Streamable HTTP error: ([^:]+)(?::\s*([\s\S]*))?$/.exec(error.message);
    const what = match?.[1] ?? 'request failed';
    const rest = match?.[2] ?? '';
    if (typeof error.status === 'number' && error.status > 0) {
      const redirect = /^Redirect\b/.test(rest) ? `: ${short(rest)}` : '';
      return `${what} (HTTP ${error.status})${redirect}`;
    }
    return /^Unexpected content type/.test(what)
      ? 'the server answered with an unexpected content type'
      : what;
  }
  if (error instanceof SseError) {
    return typeof error.code === 'number' && error.code > 0
      ? `the SSE stream failed (HTTP ${error.code})`
      : `the SSE stream failed: ${short(error.message.replace(/^SSE error:\s*/, ''))}`;
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) {
    // The SDK's sentence quotes the start of the server's reply: only its cause is told.
    const cause = error.cause ?? (error.data as { cause?: unknown } | undefined)?.cause;
    return `the server gave no usable answer to the revision probe (server/discover)${cause ? `: ${safeErrorText(cause)}` : ''}`;
  }
  if (error instanceof SyntaxError) return 'the server sent something that is not JSON';
  if (error instanceof ProtocolError) return short(error.message);
  if (error instanceof Error) {
    if (error.name === 'ZodError' || error.name === '$ZodError')
      return 'the server sent a message that is not valid JSON-RPC';
    const status = /^([\s\S]*?\(HTTP \d{3}\))/.exec(error.message)?.[1];
    if (status) return short(status);
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    if (error.message === 'fetch failed' && cause) {
      if (cause instanceof OutboundRefusedError) return cause.message;
      const detail = typeof cause.code === 'string' ? cause.code : 'network error';
      return `fetch failed (${detail})`;
    }
    return short(error.message);
  }
  return short(String(error));
}
