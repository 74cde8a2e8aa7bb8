import { buildCsp, cleanCsp } from '@/lib/apps/csp';
import { isHostOf, originsFor } from '@/lib/apps/origins';
import { cleanPermissions } from '@/lib/apps/sandbox';
import { sandboxPage } from '@/lib/apps/sandbox-page';

export const dynamic = 'force-dynamic';

function parse(value: string | null): unknown {
  if (!value || value.length > 8_000) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The sandbox proxy page; served only on the sandbox origin (see proxy.ts). */
export async function GET(request: Request) {
  const origins = originsFor(process.env);
  if (!isHostOf(request.headers.get('host'), origins.sandbox))
    return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const { csp } = cleanCsp(parse(url.searchParams.get('csp')));
  const permissions = cleanPermissions(parse(url.searchParams.get('permissions')));
  return new Response(sandboxPage(origins.host, permissions), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': buildCsp(csp, origins.host),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}
