import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { viewChange } from '@/lib/mcp/pin-changes';

export const dynamic = 'force-dynamic';

/** GET ?uri=: what changed in a view's HTML since the user trusted it (old and new), for review. */
export const GET = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const uri = (new URL(request.url).searchParams.get('uri') ?? '').slice(0, 2_000);
  const user = await currentUser(request);
  const found = await viewChange(await getRegistry(), user.id, id, uri);
  if (!found.ok) return jsonError(found.status, found.reason);
  return Response.json({ change: found.change });
});
