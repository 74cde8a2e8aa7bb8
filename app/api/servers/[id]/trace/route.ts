import { routeHandler } from '@/lib/http/route-handler';
import { managedConnection } from '@/lib/mcp/managed-connection';

export const dynamic = 'force-dynamic';

/**
 * GET ?method=: the server's JSON-RPC trace (lib/mcp/session-trace.ts), masked, newest last. A shared
 * operator server's session carries every user's calls, so in hosted mode only a server of the
 * user's own (one they added, their connection to a `perUser` one) has its trace shown.
 */
export const GET = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const managed = await managedConnection(request, id, "its session carries other people's calls.");
  if (!managed.ok) return managed.response;
  const method = new URL(request.url).searchParams.get('method') || undefined;
  return Response.json({
    entries: managed.connection.trace.entries(method),
    methods: managed.connection.trace.methods(),
  });
});
