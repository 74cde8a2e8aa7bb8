import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

export const DELETE = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const outcome = await (await getRegistry()).remove(id, (await currentUser(request)).id);
  if (outcome === 'not-found') return jsonError(404, `No server has the id "${id}".`);
  if (outcome === 'operator-server')
    return jsonError(403, `"${id}" is the operator's server: only host.config.json removes it.`);
  return new Response(null, { status: 204 });
});
