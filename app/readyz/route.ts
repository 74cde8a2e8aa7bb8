import { readiness } from '@/lib/health/readiness';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** Readiness for a load balancer: 200 when every dependency answers, else 503 naming the one that did not. */
export const GET = routeHandler(async (): Promise<Response> => {
  const { ready, checks } = await readiness();
  return Response.json(
    { status: ready ? 'ready' : 'not ready', checks },
    { status: ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
});
