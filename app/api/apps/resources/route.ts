import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { ServerUnavailableError } from '@/lib/mcp/connection';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

const schema = z.object({ serverId: z.string().min(1).max(40), uri: z.string().min(1).max(2048) });

/** `resources/read` from a view: the bridge fixes `serverId` to the view's own server. */
export const POST = routeHandler(async (request: Request) => {
  const parsed = await readBody(request, schema, 10_000, 'Invalid resource request.');
  if (!parsed.ok) return parsed.response;
  const connection = (await getRegistry()).getFor(parsed.data.serverId, (await currentUser(request)).id);
  if (!connection) return jsonError(404, 'No such server.');
  try {
    return Response.json(await connection.readResource(parsed.data.uri));
  } catch (error) {
    if (error instanceof ServerUnavailableError) return jsonError(503, error.message);
    return jsonError(502, error instanceof Error ? error.message : String(error));
  }
});

/** `resources/list` from a view: the resources of the view's own server only. */
export const GET = routeHandler(async (request: Request) => {
  const serverId = new URL(request.url).searchParams.get('server') ?? '';
  const connection = (await getRegistry()).getFor(serverId, (await currentUser(request)).id);
  if (!connection) return jsonError(404, 'No such server.');
  try {
    return Response.json(await connection.listResources());
  } catch (error) {
    if (error instanceof ServerUnavailableError) return jsonError(503, error.message);
    return jsonError(502, error instanceof Error ? error.message : String(error));
  }
});
