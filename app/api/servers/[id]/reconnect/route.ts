import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { mayReconnect } from '@/lib/mcp/registry';
import { serverView } from '@/lib/mcp/snapshot';

export const dynamic = 'force-dynamic';

export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await currentUser(request);
  const connection = (await getRegistry()).getFor(id, user.id);
  if (!connection) return jsonError(404, `No server has the id "${id}".`);
  // A reconnect ends every session with the server: on a shared server that is everyone's.
  if (!mayReconnect(connection, user.id, deploymentMode()))
    return jsonError(
      403,
      `"${id}" is the operator's server, shared by everyone: its connection is the host's to manage.`,
    );
  await connection.reconnect();
  return Response.json({ server: serverView(connection) });
});
