import { APICallError, RetryError } from 'ai';

function unwrap(error: unknown): unknown {
  if (RetryError.isInstance(error)) return error.lastError;
  return error;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'TimeoutError' || /time(d)?\s?out/i.test(error.message);
}

/** A short, user-facing sentence for a model provider failure. Never echoes secrets or raw bodies. */
export function describeProviderError(raw: unknown): string {
  const error = unwrap(raw);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) {
      return `The model provider refused the credentials (HTTP ${status}). Check the API key in the environment, then retry.`;
    }
    if (status === 429)
      return 'The model provider is rate limiting requests (HTTP 429). Wait a moment, then retry.';
    if (status === 404)
      return 'The model provider does not know this model (HTTP 404). Pick another model, then retry.';
    if (status !== undefined && status >= 500) {
      return `The model provider had an internal error (HTTP ${status}). Retry in a moment.`;
    }
    if (status !== undefined && status >= 400)
      return `The model provider rejected the request (HTTP ${status}).`;
    return describeProviderError(error.cause ?? new TypeError('terminated'));
  }
  const code = causeCode(error);
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'The model server could not be reached. Check that it is running and that its address is right, then retry.';
  }
  if (isTimeout(error)) return 'The model did not answer in time. Retry, or pick a faster model.';
  if (
    code === 'ECONNRESET' ||
    code === 'UND_ERR_SOCKET' ||
    (error instanceof Error && error.message === 'terminated')
  ) {
    return 'The model stopped streaming mid-way and the reply is incomplete. Retry to get a full answer.';
  }
  return 'The model provider failed to answer. Retry, and check the server log if it keeps happening.';
}
