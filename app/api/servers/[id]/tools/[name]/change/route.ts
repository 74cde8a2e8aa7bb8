import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { toolChange } from '@/lib/mcp/pin-changes';

export const dynamic = 'force-dynamic';

/** docs/security.md, "Rug-pulls": the diff of a changed tool (old and new), for the user to review. */
export const GET = routeHandler(
  async (request: Request, context: { params: Promise<{ id: string; name: string }> }) => {
    const { id, name } = await context.params;
    const user = await currentUser(request);
    const found = toolChange(await getRegistry(), user.id, id, name);
    if (!found.ok) return jsonError(found.status, found.reason);
    return Response.json({ change: found.change });
  },
);
