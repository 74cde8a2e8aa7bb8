import 'server-only';
import type { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';

/**
 * The guard's transport for what MCP transports send: undici's `request` through the guard's own
 * dispatcher, answered as a WHATWG Response. About a third of the CPU of undici's `fetch` for the same
 * exchange (a tool call over HTTP). It behaves as `fetch` does where callers look: no
 * redirect followed (the guard follows them, checking each hop), a failed connection rejects with
 * `TypeError('fetch failed')` carrying the cause, an abort rejects with the signal's reason, and a body
 * that breaks off errors with `TypeError('terminated')`. Other bodies (forms, streams) go to `fetch`.
 */

/** The Fetch standard's redirect statuses: this transport answers them, it does not follow them. */
export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The Fetch standard's null body statuses: their Response has no body. */
export const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** A body this transport sends as it is: none, a string, or bytes. */
export function takesPlainBody(body: RequestInit['body']): boolean {
  return body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
}

function requestHeaders(init: RequestInit): Record<string, string> {
  const headers = new Headers(init.headers);
  // What fetch adds when the caller did not say.
  if (typeof init.body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'text/plain;charset=UTF-8');
  if (!headers.has('accept')) headers.set('accept', '*/*');
  if (!headers.has('user-agent')) headers.set('user-agent', 'undici');
  return Object.fromEntries(headers);
}

function responseHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/** An error as fetch reports it: an abort as its signal's reason, anything else as `message` with the cause. */
function asFetchError(error: unknown, signal: AbortSignal | undefined, message: string): unknown {
  return signal?.aborted && error === signal.reason ? error : new TypeError(message, { cause: error });
}

/** The body as a web stream that fails as fetch's does: the abort's reason, else `terminated`. */
function webBody(body: Readable, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  // Its errors reach the reader through the iterator; one destroyed unread (a reader that cancels)
  // must not be an 'error' event nobody hears, which would end the process.
  body.on('error', () => undefined);
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value as Uint8Array);
        } catch (error) {
          controller.error(asFetchError(error, signal, 'terminated'));
        }
      },
      cancel(reason) {
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export async function fetchViaRequest(
  url: URL,
  init: RequestInit,
  dispatcher: Dispatcher,
): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod;
  const signal = init.signal ?? undefined;
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(url, {
      method,
      headers: requestHeaders(init),
      body: typeof init.body === 'string' || init.body instanceof Uint8Array ? init.body : null,
      signal,
      dispatcher,
    });
  } catch (error) {
    throw asFetchError(error, signal, 'fetch failed');
  }
  const { statusCode, statusText, headers, body } = answer;
  const empty = method === 'HEAD' || NULL_BODY_STATUSES.has(statusCode);
  if (empty) body.resume();
  return new Response(empty ? null : webBody(body, signal), {
    status: statusCode,
    statusText,
    headers: responseHeaders(headers),
  });
}
