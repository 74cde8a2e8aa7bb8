import 'server-only';
import { currentUser } from '../auth/session';
import { deploymentMode } from '../config/deployment';
import { jsonError } from '../http/json';
import type { ServerConnection } from './connection';
import { getRegistry } from './host-registry';
import { mayReconnect } from './registry';

/**
 * The server `id` as the caller may act on its connection (a reconnect, its log level, its trace):
 * 404 when they cannot see it, 403 with `refusal` when it is a shared operator server in hosted mode
 * (what is done to its session is done to everyone's).
 */
export async function managedConnection(
  request: Request,
  id: string,
  refusal: string,
): Promise<{ ok: true; connection: ServerConnection; userId: string } | { ok: false; response: Response }> {
  const user = await currentUser(request);
  const connection = (await getRegistry()).getFor(id, user.id);
  if (!connection) return { ok: false, response: jsonError(404, `No server has the id "${id}".`) };
  if (!mayReconnect(connection, user.id, deploymentMode()))
    return {
      ok: false,
      response: jsonError(403, `"${id}" is the operator's server, shared by everyone: ${refusal}`),
    };
  return { ok: true, connection, userId: user.id };
}
