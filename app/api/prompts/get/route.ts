import { currentUser } from '@/lib/auth/session';
import { readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { getPromptFor } from '@/lib/mcp/prompts-api';

export const dynamic = 'force-dynamic';

/** POST { serverId, name, arguments }: the prompt's messages as text (lib/mcp/prompts-api.ts). */
export const POST = routeHandler(async (request: Request) => {
  const body = await readJson(request, 200_000);
  if (!body.ok) return body.response;
  const user = await currentUser(request);
  return Response.json(await getPromptFor(await getRegistry(), user.id, body.value));
});
