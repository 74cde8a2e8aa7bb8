import { currentUser } from '@/lib/auth/session';
import { readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { completeResourceFor } from '@/lib/mcp/resources-api';

export const dynamic = 'force-dynamic';

/** POST { serverId, uriTemplate, argument, context? }: MCP completion/complete for a template's variable. */
export const POST = routeHandler(async (request: Request) => {
  const body = await readJson(request, 200_000);
  if (!body.ok) return body.response;
  const user = await currentUser(request);
  return Response.json(await completeResourceFor(await getRegistry(), user.id, body.value));
});
