import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { changedToolByModelName } from '@/lib/mcp/pin-changes';

export const dynamic = 'force-dynamic';

/** GET ?model=<model-facing name>: the server and tool when that tool changed and awaits review (docs/security.md, "Rug-pulls"). */
export const GET = routeHandler(async (request: Request) => {
  const modelName = new URL(request.url).searchParams.get('model') ?? '';
  const user = await currentUser(request);
  const found = changedToolByModelName(await getRegistry(), user.id, modelName.slice(0, 200));
  if (!found) return jsonError(404, 'No changed tool has this name.');
  return Response.json(found);
});
