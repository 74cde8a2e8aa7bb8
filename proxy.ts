import { type NextRequest, NextResponse } from 'next/server';
import { isCrossSiteWrite } from './lib/http/same-origin';

export function proxy(request: NextRequest) {
  if (isCrossSiteWrite(request.method, request.headers, request.nextUrl.origin)) {
    return NextResponse.json({ error: 'Cross-site requests to this API are refused.' }, { status: 403 });
  }
  return NextResponse.next();
}

export const config = { matcher: ['/api/:path*'] };
