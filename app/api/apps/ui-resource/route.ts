import { mintSandboxTicket } from '@/lib/apps/sandbox-ticket';
import { currentUser } from '@/lib/auth/session';
import { bytesStream } from '@/lib/http/bytes-stream';
import { jsonError } from '@/lib/http/json';
import { openLane } from '@/lib/http/lane';
import { routeHandler } from '@/lib/http/route-handler';
import { ServerUnavailableError } from '@/lib/mcp/connection';
import { getRegistry } from '@/lib/mcp/host-registry';
import { checkViewFor } from '@/lib/mcp/pin-changes';
import { cachedUiResource, UiResourceError, uiResourceHash, uiResourceJson } from '@/lib/mcp/ui-resource';
import { domainNote, viewLabel, viewOrigin } from '@/lib/mcp/view-origin';

export const dynamic = 'force-dynamic';

/**
 * The HTML and `_meta.ui` of a view, read through the host (the browser never talks to MCP servers),
 * with the origin the server's views run in.
 */
export const GET = routeHandler(async (request: Request) => {
  const url = new URL(request.url);
  const serverId = url.searchParams.get('server') ?? '';
  const uri = url.searchParams.get('uri') ?? '';
  const registry = await getRegistry();
  const user = await currentUser(request);
  const connection = registry.getFor(serverId, user.id);
  if (!connection) return jsonError(404, `No server has the id "${serverId}".`);
  try {
    const resource = await cachedUiResource(connection, uri);
    // A view's HTML is pinned like a tool: a changed one reaches no frame until the user accepts it.
    const checked = checkViewFor(registry, user.id, serverId, resource);
    if (!checked.ok) {
      const { status, reason, ...refusal } = checked.refusal;
      return jsonError(status, reason, refusal);
    }
    const sandboxOrigin = viewOrigin(connection);
    const notes = [...resource.notes];
    const note = domainNote(resource.domain, sandboxOrigin);
    if (note) notes.push(note);
    // no-transform: not gzipped by the server (half a megabyte of HTML costs more to compress than to
    // send from the host a view boots from; a proxy in front may still compress it).
    const parts = uiResourceJson(resource, {
      sandboxOrigin,
      sandboxTicket: mintSandboxTicket(viewLabel(connection.config), uri, uiResourceHash(resource)),
      notes,
    });
    return new Response(bytesStream(parts), {
      headers: {
        'content-type': 'application/json',
        'content-length': String(parts.reduce((length, part) => length + part.byteLength, 0)),
        'cache-control': 'private, no-cache, no-transform',
      },
    });
  } catch (error) {
    if (error instanceof UiResourceError) return jsonError(422, error.message);
    if (error instanceof ServerUnavailableError) return jsonError(503, error.message);
    return jsonError(502, `Could not read ${uri}: ${error instanceof Error ? error.message : String(error)}`);
  }
});

openLane('GET', '/api/apps/ui-resource', GET);
