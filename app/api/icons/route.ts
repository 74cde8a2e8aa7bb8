import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { iconBytes } from '@/lib/mcp/icon-fetch';

export const dynamic = 'force-dynamic';

/**
 * GET ?server=<id>[&tool=<name>]: the icon of a server the user may see, or of one of its tools,
 * served by the host (lib/mcplet/icons.ts says which icons may be shown, lib/mcp/icon-fetch.ts how
 * they are fetched). Never a page: no script or style of it runs, whatever its bytes.
 */
export const GET = routeHandler(async (request: Request) => {
  const url = new URL(request.url);
  const serverId = url.searchParams.get('server') ?? '';
  const toolName = url.searchParams.get('tool');
  const user = await currentUser(request);
  const connection = (await getRegistry()).getFor(serverId, user.id);
  if (!connection) return jsonError(404, `No server has the id "${serverId}".`);
  const source =
    toolName === null
      ? connection.serverInfo?.icon
      : connection.catalog.tools.find((t) => t.name === toolName)?.icon;
  if (!source)
    return jsonError(404, toolName === null ? 'This server has no icon.' : 'This tool has no icon.');
  const icon = await iconBytes(source);
  if (!icon) return jsonError(404, 'The icon could not be fetched, or is not an image the host shows.');
  return new Response(icon.bytes, {
    headers: {
      'content-type': icon.mimeType,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
