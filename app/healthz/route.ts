export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Readiness (its database and services) is /readyz. */
export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
