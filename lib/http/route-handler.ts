import 'server-only';
import { log } from '../log/logger';
import { asHostError, hostErrorResponse } from './host-errors';

/**
 * A route's handler with the host's error family mapped to HTTP: a `HostError` (or an error that
 * says the database or Redis is unreachable) answers its status and sentence as JSON, never Next's
 * bare 500. Every exported handler under `app/` is wrapped (tests/unit/route-errors.test.ts checks).
 */
export function routeHandler<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response> | Response,
): (...args: Args) => Promise<Response> {
  return async (...args: Args) => {
    try {
      return await handler(...args);
    } catch (error) {
      // Next's own control flow (notFound, redirect) is thrown as errors carrying a digest.
      if (isNextControlFlow(error)) throw error;
      const known = asHostError(error);
      if (known) {
        if (known.status >= 500) log('warn', `[http] ${known.message}`, { error: known.cause ?? error });
        return hostErrorResponse(known);
      }
      log('error', '[http] a route failed:', { error });
      return Response.json({ error: 'Something went wrong on the server. Try again.' }, { status: 500 });
    }
  };
}

function isNextControlFlow(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && /^(NEXT_|DYNAMIC_SERVER_USAGE)/.test(digest);
}
