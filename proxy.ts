import { type NextRequest, NextResponse } from 'next/server';
import { isHostOf, originsFor } from './lib/apps/origins';
import { isCrossSiteWrite } from './lib/http/same-origin';

/**
 * Two origins, one server: the sandbox origin answers only /sandbox (MCP Apps proxy page), so a view
 * can never reach the chat or its API; the host origin never serves /sandbox and refuses
 * cross-site writes to its API (attack 12). Host pages may not be framed (clickjacking of gates).
 */
export function proxy(request: NextRequest) {
  const origins = originsFor(process.env);
  const path = request.nextUrl.pathname;
  if (isHostOf(request.headers.get('host'), origins.sandbox)) {
    if (path === '/sandbox') return NextResponse.next();
    return new NextResponse(`This address serves only sandboxed views. Open the host at ${origins.host}`, {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (path === '/sandbox') return new NextResponse('Not found', { status: 404 });
  if (path.startsWith('/api/') && isCrossSiteWrite(request.method, request.headers, request.nextUrl.origin)) {
    return NextResponse.json({ error: 'Cross-site requests to this API are refused.' }, { status: 403 });
  }
  const response = NextResponse.next();
  response.headers.set('x-frame-options', 'DENY');
  response.headers.set('content-security-policy', "frame-ancestors 'none'");
  return response;
}

export const config = { matcher: ['/:path*'] };
