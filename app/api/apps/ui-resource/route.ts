import { jsonError } from '@/lib/http/json';
import { ServerUnavailableError } from '@/lib/mcp/connection';
import { getRegistry } from '@/lib/mcp/registry';
import { cachedUiResource, UiResourceError } from '@/lib/mcp/ui-resource';
import { domainNote, viewOrigin } from '@/lib/mcp/view-origin';

export const dynamic = 'force-dynamic';

/**
 * The HTML and `_meta.ui` of a view, read through the host (the browser never talks to MCP servers),
 * with the origin the server's views run in.
 */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const serverId = url.searchParams.get('server') ?? '';
  const uri = url.searchParams.get('uri') ?? '';
  const connection = (await getRegistry()).get(serverId);
  if (!connection) return jsonError(404, `No server has the id "${serverId}".`);
  try {
    const resource = await cachedUiResource(connection, uri);
    const sandboxOrigin = viewOrigin(connection);
    const note = domainNote(resource.domain, sandboxOrigin);
    return Response.json({
      ...resource,
      sandboxOrigin,
      notes: note ? [...resource.notes, note] : resource.notes,
    });
  } catch (error) {
    if (error instanceof UiResourceError) return jsonError(422, error.message);
    if (error instanceof ServerUnavailableError) return jsonError(503, error.message);
    return jsonError(502, `Could not read ${uri}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
