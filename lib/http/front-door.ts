import 'server-only';
import { isChatHost, originsFor, sandboxLabelOf } from '../apps/origins';
import { SANDBOX_WARMUP_PATH, sandboxWarmupPage } from '../apps/sandbox-warmup';
import { isSignedOutPath, USER_ID_HEADER, USER_NAME_HEADER } from '../auth/request-user';
import type { SessionCheck } from '../auth/session-check';
import { deploymentMode } from '../config/deployment';
import { REQUEST_ID_HEADER } from '../log/request-context';
import { asHostError, hostErrorResponse } from './host-errors';
import { isCrossSiteRequest } from './same-origin';

export interface FrontDoorRequest {
  method: string;
  /** Where the request was sent: its origin is its scheme and Host header; the query is kept on the sign-in redirect. */
  url: Pick<URL, 'pathname' | 'search' | 'origin'>;
  headers: Headers;
}

/** Either the answer to send instead of the route's, or the request headers the route gets. */
export type FrontDoorOutcome =
  | { kind: 'answer'; response: Response }
  | { kind: 'pass'; forwarded: Headers; responseHeaders: Array<[string, string]> };

export type SessionChecker = (headers: Headers) => Promise<SessionCheck | null>;

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/** A load balancer's request id is kept when it looks like one; otherwise each request gets its own. */
export function requestIdOf(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER) ?? '';
  return /^[\w.:-]{8,100}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * What every request meets before any route: the proxy (proxy.ts) runs it for Next's routes and the
 * lane (scripts/host-server.ts) for the routes it serves itself, so both doors check the same way.
 *
 * The host answers only to its own names (docs/security.md, "DNS rebinding"): the chat's host names get the
 * chat, a server's sandbox origin gets only /sandbox (MCP Apps proxy page) and an empty page that
 * starts the views' renderer early (lib/apps/sandbox-warmup.ts), anything else 421. The
 * chat never serves /sandbox, refuses cross-site writes to its API (docs/security.md, "Cross-site requests"), and may not be
 * framed (clickjacking of gates). In hosted mode every other request needs a sign-in session. The
 * icons and the web manifest (public/, app/manifest.ts) are the chat's own: a sandbox origin does not
 * serve them either, so a view cannot pass for the host.
 */
export async function frontDoor(
  request: FrontDoorRequest,
  requestId: string,
  checkSession: SessionChecker,
): Promise<FrontDoorOutcome> {
  const origins = originsFor(process.env);
  const { headers } = request;
  const path = request.url.pathname;
  const host = headers.get('host');
  // Only the front door names the user (lib/auth/request-user.ts); a client's own value is
  // dropped on every origin, the sandbox origins' too.
  const forwarded = new Headers(headers);
  forwarded.delete(USER_ID_HEADER);
  forwarded.delete(USER_NAME_HEADER);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  // Probes come from load balancers and orchestrators under any Host (an address, a pod's IP); the
  // answers name no user and no data.
  if (path === '/healthz' || path === '/readyz') return { kind: 'pass', forwarded, responseHeaders: [] };
  if (sandboxLabelOf(host, origins.sandboxPattern)) {
    if (path === '/sandbox') return { kind: 'pass', forwarded, responseHeaders: [] };
    if (path === SANDBOX_WARMUP_PATH && request.method === 'GET')
      return { kind: 'answer', response: sandboxWarmupPage() };
    return {
      kind: 'answer',
      response: text(404, `This address serves only sandboxed views. Open the host at ${origins.host}`),
    };
  }
  if (!isChatHost(host, origins, process.env.PORT ?? '3000')) {
    return {
      kind: 'answer',
      response: text(421, `This host answers only as ${origins.host}; add other names to ALLOWED_HOSTS.`),
    };
  }
  if (path === '/sandbox') return { kind: 'answer', response: text(404, 'Not found') };
  if (path.startsWith('/api/') && isCrossSiteRequest(request.method, headers, request.url.origin)) {
    return {
      kind: 'answer',
      response: Response.json({ error: 'Cross-site requests to this API are refused.' }, { status: 403 }),
    };
  }
  const responseHeaders: Array<[string, string]> = [];
  if (deploymentMode() === 'hosted' && !isSignedOutPath(path)) {
    let checked: SessionCheck | null;
    try {
      checked = await checkSession(headers);
    } catch (error) {
      // The session lookup reads the database: when it is away, say so (503) rather than fail bare.
      const known = asHostError(error);
      if (!known) throw error;
      const response =
        path.startsWith('/api/') || path.startsWith('/oauth/')
          ? hostErrorResponse(known)
          : new Response(known.message, {
              status: known.status,
              headers: { 'content-type': 'text/plain; charset=utf-8', ...known.headers },
            });
      return { kind: 'answer', response };
    }
    if (!checked) {
      if (path.startsWith('/api/') || path.startsWith('/oauth/'))
        return { kind: 'answer', response: Response.json({ error: 'Sign in first.' }, { status: 401 }) };
      const signIn = new URL('/sign-in', origins.host);
      if (path !== '/') signIn.searchParams.set('next', `${path}${request.url.search}`);
      return {
        kind: 'answer',
        response: new Response(null, { status: 303, headers: { location: signIn.href } }),
      };
    }
    forwarded.set(USER_ID_HEADER, checked.user.id);
    forwarded.set(USER_NAME_HEADER, encodeURIComponent(checked.user.displayName));
    for (const cookie of checked.setCookies) responseHeaders.push(['set-cookie', cookie]);
  }
  responseHeaders.push(['x-frame-options', 'DENY'], ['content-security-policy', "frame-ancestors 'none'"]);
  return { kind: 'pass', forwarded, responseHeaders };
}
