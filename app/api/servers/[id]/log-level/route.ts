import { z } from 'zod';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { ServerUnavailableError } from '@/lib/mcp/connection';
import { LOG_LEVELS } from '@/lib/mcp/log-levels';
import { managedConnection } from '@/lib/mcp/managed-connection';
import { safeErrorText } from '@/lib/mcp/wire-errors';

export const dynamic = 'force-dynamic';

const levelSchema = z.object({ level: z.enum(LOG_LEVELS) });

/**
 * The server's log level (`logging/setLevel`, MCP 2025-11-25), from the preview. The connection
 * remembers it and sets it again on every new session. 409 when the server has no such request: it
 * does not declare `logging`, or it speaks 2026-07-28, which removed it.
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  // The level belongs to the connection: on a shared server it is everyone's, as a reconnect is.
  const managed = await managedConnection(request, id, "its log level is the host's to manage.");
  if (!managed.ok) return managed.response;
  const { connection } = managed;
  const parsed = await readBody(
    request,
    levelSchema,
    1_000,
    `Send { "level": one of ${LOG_LEVELS.join(', ')} }.`,
  );
  if (!parsed.ok) return parsed.response;
  const control = connection.logLevelControl;
  if (!control.settable) {
    if (control.why === 'not-connected')
      return jsonError(503, `${connection.config.name} is not connected; try again once it is.`);
    return jsonError(409, `${connection.config.name} offers no log level to set. ${control.reason}`, {
      why: control.why,
    });
  }
  try {
    await connection.setLogLevel(parsed.data.level);
  } catch (error) {
    if (error instanceof ServerUnavailableError) return jsonError(503, error.message);
    return jsonError(502, `${connection.config.name} did not take the level: ${safeErrorText(error)}`);
  }
  return Response.json({ logging: connection.logLevelControl });
});
