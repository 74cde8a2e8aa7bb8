import { type NextRequest, NextResponse } from 'next/server';
import { isChatHost, originsFor, sandboxLabelOf } from './lib/apps/origins';
import { isCrossSiteRequest } from './lib/http/same-origin';

function text(status: number, body: string): NextResponse {
  return new NextResponse(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * The host answers only to its own names (DNS rebinding, attack 14): the chat's host names get the
 * chat, a server's sandbox origin gets only /sandbox (MCP Apps proxy page), anything else 421. The
 * chat never serves /sandbox, refuses cross-site writes to its API (attack 12), and may not be
 * framed (clickjacking of gates). The icons and the web manifest (public/, app/manifest.ts) are the
 * chat's own: a sandbox origin does not serve them either, so a view cannot pass for the host.
 */
export function proxy(request: NextRequest) {
  const origins = originsFor(process.env);
  const path = request.nextUrl.pathname;
  const host = request.headers.get('host');
  if (sandboxLabelOf(host, origins.sandboxPattern)) {
    if (path === '/sandbox') return NextResponse.next();
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
  const response = NextResponse.next();
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('content-security-policy', "frame-ancestors 'none'");
  return response;
}

export const config = { matcher: ['/:path*'] };
