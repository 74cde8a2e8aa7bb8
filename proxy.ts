import { type NextRequest, NextResponse } from 'next/server';
import { isChatHost, originsFor, sandboxLabelOf } from './lib/apps/origins';
import { isSignedOutPath, USER_ID_HEADER, USER_NAME_HEADER } from './lib/auth/request-user';
import { checkSession } from './lib/auth/session-check';
import { deploymentMode } from './lib/config/deployment';
import { isCrossSiteRequest } from './lib/http/same-origin';
import { REQUEST_ID_HEADER } from './lib/log/request-context';

function text(status: number, body: string): NextResponse {
  return new NextResponse(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** A load balancer's request id is kept when it looks like one; otherwise each request gets its own. */
function requestIdOf(request: NextRequest): string {
  const incoming = request.headers.get(REQUEST_ID_HEADER) ?? '';
  return /^[\w.:-]{8,100}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** Every answer carries the request's id (issue 16 item 6), as do the logs of the request. */
export async function proxy(request: NextRequest) {
  const requestId = requestIdOf(request);
  const response = await answer(request, requestId);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

/**
 * The host answers only to its own names (DNS rebinding, attack 14): the chat's host names get the
 * chat, a server's sandbox origin gets only /sandbox (MCP Apps proxy page), anything else 421. The
 * chat never serves /sandbox, refuses cross-site writes to its API (attack 12), and may not be
 * framed (clickjacking of gates). In hosted mode every other request needs a sign-in session. The
 * icons and the web manifest (public/, app/manifest.ts) are the chat's own: a sandbox origin does not
 * serve them either, so a view cannot pass for the host.
 */
async function answer(request: NextRequest, requestId: string): Promise<NextResponse> {
  const origins = originsFor(process.env);
  const path = request.nextUrl.pathname;
  const host = request.headers.get('host');
  // Issue 16: only the proxy names the user (lib/auth/request-user.ts); a client's own value is
  // dropped on every origin, the sandbox origins' too.
  const forwarded = new Headers(request.headers);
  forwarded.delete(USER_ID_HEADER);
  forwarded.delete(USER_NAME_HEADER);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  // Probes come from load balancers and orchestrators under any Host (an address, a pod's IP); the
  // answers name no user and no data.
  if (path === '/healthz' || path === '/readyz')
    return NextResponse.next({ request: { headers: forwarded } });
  if (sandboxLabelOf(host, origins.sandboxPattern)) {
    if (path === '/sandbox') return NextResponse.next({ request: { headers: forwarded } });
    return text(404, `This address serves only sandboxed views. Open the host at ${origins.host}`);
  }
  if (!isChatHost(host, origins, process.env.PORT ?? '3000')) {
    return text(421, `This host answers only as ${origins.host}; add other names to ALLOWED_HOSTS.`);
  }
  if (path === '/sandbox') return text(404, 'Not found');
  if (
    path.startsWith('/api/') &&
    isCrossSiteRequest(request.method, request.headers, request.nextUrl.origin)
  ) {
    return NextResponse.json({ error: 'Cross-site requests to this API are refused.' }, { status: 403 });
  }
  const setCookies: string[] = [];
  if (deploymentMode() === 'hosted' && !isSignedOutPath(path)) {
    const checked = await checkSession(request.headers);
    if (!checked) {
      if (path.startsWith('/api/') || path.startsWith('/oauth/'))
        return NextResponse.json({ error: 'Sign in first.' }, { status: 401 });
      const signIn = new URL('/sign-in', origins.host);
      if (path !== '/') signIn.searchParams.set('next', `${path}${request.nextUrl.search}`);
      return NextResponse.redirect(signIn, 303);
    }
    forwarded.set(USER_ID_HEADER, checked.user.id);
    forwarded.set(USER_NAME_HEADER, encodeURIComponent(checked.user.displayName));
    setCookies.push(...checked.setCookies);
  }
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const cookie of setCookies) response.headers.append('set-cookie', cookie);
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('content-security-policy', "frame-ancestors 'none'");
  return response;
}

export const config = { matcher: ['/:path*'] };
