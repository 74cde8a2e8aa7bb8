import { type NextRequest, NextResponse } from 'next/server';
import { checkSession } from './lib/auth/session-check';
import { frontDoor, requestIdOf } from './lib/http/front-door';
import { REQUEST_ID_HEADER } from './lib/log/request-context';

/**
 * Every request Next serves meets the front door (lib/http/front-door.ts says what it checks); the
 * routes on the lane (lib/http/lane-table.ts) meet the same one in the host's own server. Every
 * answer carries the request's id, as do the logs of the request.
 */
export async function proxy(request: NextRequest) {
  const requestId = requestIdOf(request.headers);
  const outcome = await frontDoor(
    { method: request.method, url: request.nextUrl, headers: request.headers },
    requestId,
    checkSession,
  );
  const response =
    outcome.kind === 'answer'
      ? outcome.response
      : NextResponse.next({ request: { headers: outcome.forwarded } });
  if (outcome.kind === 'pass')
    for (const [name, value] of outcome.responseHeaders) response.headers.append(name, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = { matcher: ['/:path*'] };
