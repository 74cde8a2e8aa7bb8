import { currentUser } from '@/lib/auth/session';
import { readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { resourceChanges } from '@/lib/mcp/resources-api';

export const dynamic = 'force-dynamic';

/** POST { items: [{ serverId, uri, since }] }: which attached resources their servers said changed. */
export const POST = routeHandler(async (request: Request) => {
  const body = await readJson(request, 50_000);
  if (!body.ok) return body.response;
  const user = await currentUser(request);
  return Response.json(resourceChanges(await getRegistry(), user.id, body.value));
});
