import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { resourcesFor } from '@/lib/mcp/resources-api';

export const dynamic = 'force-dynamic';

/** MCP resources and templates of the user's servers, for the composer's picker (lib/mcp/resources-api.ts). */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json(await resourcesFor(await getRegistry(), user.id));
});
