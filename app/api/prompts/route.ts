import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { promptsFor } from '@/lib/mcp/prompts-api';

export const dynamic = 'force-dynamic';

/** MCP prompts of the user's servers, for the composer's `/` menu (lib/mcp/prompts-api.ts). */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json(await promptsFor(await getRegistry(), user.id));
});
