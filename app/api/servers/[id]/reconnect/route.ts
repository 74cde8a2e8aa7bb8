import { routeHandler } from '@/lib/http/route-handler';
import { managedConnection } from '@/lib/mcp/managed-connection';
import { serverView } from '@/lib/mcp/snapshot';

export const dynamic = 'force-dynamic';

export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  // A reconnect ends every session with the server: on a shared server that is everyone's.
  const managed = await managedConnection(request, id, "its connection is the host's to manage.");
  if (!managed.ok) return managed.response;
  await managed.connection.reconnect();
  return Response.json({ server: serverView(managed.connection) });
});
