import 'server-only';

/**
 * The host's typed errors: each says the HTTP status it answers with and a sentence a person can
 * read. A route lets them propagate; `routeHandler` (lib/http/route-handler.ts) maps them to the
 * answer, so every route says the same thing for the same failure.
 */
export class HostError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Fields the JSON body carries beside `error`. */
    readonly details: Record<string, unknown> = {},
    /** Headers the answer carries (`Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HostError';
  }
}

/** A part of the deployment the host needs and cannot reach right now. */
export type UnavailablePart = 'database' | 'shared state';

const SENTENCES: Record<UnavailablePart, string> = {
  database: 'The server cannot reach its database right now. Nothing was lost; try again in a moment.',
  'shared state':
    'The server cannot reach its shared state (Redis) right now. Nothing was lost; try again in a moment.',
};

/** How long a client should wait before asking again (the `Retry-After` header, in seconds). */
export const RETRY_AFTER_S = 5;

/** 503 naming the part that is down, with `Retry-After` (docs/architecture.md, Failures). */
export class PartUnavailableError extends HostError {
  constructor(
    readonly part: UnavailablePart,
    readonly cause?: unknown,
  ) {
    super(503, SENTENCES[part], { part }, { 'retry-after': String(RETRY_AFTER_S) });
    this.name = 'PartUnavailableError';
  }
}

// node-redis's own errors for a connection that is down, closing or never came up.
const REDIS_DOWN = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
  'ReconnectStrategyError',
  'DisconnectsClientError',
  'SocketTimeoutError',
]);

// The same errors by their messages: the production bundle minifies node-redis, so its classes
// lose their names there (a message is what the library wrote, not what a server sent).
const REDIS_DOWN_MESSAGES = new Set([
  'The client is offline',
  'The client is closed',
  'Socket closed unexpectedly',
  'Connection timeout',
  'Disconnects client',
]);
const REDIS_SOCKET_TIMEOUT = /^Socket timeout timeout\. Expecting data/;

// Socket errors of a database connection that could not be made or was cut.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that is away: class 08 (connection exception), shutting down, starting up,
// out of connections.
const SERVER_AWAY = /^(08...|57P01|57P02|57P03|53300)$/;
const PG_DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

function fieldOf(error: object, name: string): unknown {
  return (error as Record<string, unknown>)[name];
}

/**
 * The part an error says is unreachable, or null for any other error. Redis's errors are told by
 * their own classes; a socket error or an away-server SQLSTATE is the database's (Redis's own socket
 * failures reach callers as node-redis errors: `getRedis` wraps its connect).
 */
export function unavailablePartOf(error: unknown): UnavailablePart | null {
  if (error instanceof PartUnavailableError) return error.part;
  if (!error || typeof error !== 'object') return null;
  if (error instanceof AggregateError)
    for (const inner of error.errors) {
      const part = unavailablePartOf(inner);
      if (part) return part;
    }
  const name = fieldOf(error, 'name');
  if (typeof name === 'string' && REDIS_DOWN.has(name)) return 'shared state';
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && REDIS_DOWN.has(constructorName)) return 'shared state';
  const message = fieldOf(error, 'message');
  if (typeof message === 'string' && (REDIS_DOWN_MESSAGES.has(message) || REDIS_SOCKET_TIMEOUT.test(message)))
    return 'shared state';
  const code = fieldOf(error, 'code');
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_AWAY.test(code))) return 'database';
  if (typeof message === 'string' && PG_DOWN_MESSAGES.test(message)) return 'database';
  const cause = fieldOf(error, 'cause');
  return cause && cause !== error ? unavailablePartOf(cause) : null;
}

/** The error as the host's typed family: an unreachable part becomes its 503, others are kept. */
export function asHostError(error: unknown): HostError | null {
  if (error instanceof HostError) return error;
  const part = unavailablePartOf(error);
  return part ? new PartUnavailableError(part, error) : null;
}

/** The JSON answer for a host error. */
export function hostErrorResponse(error: HostError): Response {
  return Response.json(
    { error: error.message, ...error.details },
    { status: error.status, headers: error.headers },
  );
}
