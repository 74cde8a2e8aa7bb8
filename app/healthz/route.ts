import { routeHandler } from '@/lib/http/route-handler';
export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Readiness (its database and services) is /readyz. */
export const GET = routeHandler((): Response => {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
});
