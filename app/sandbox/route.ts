import { buildCsp } from '@/lib/apps/csp';
import { originsFor } from '@/lib/apps/origins';
import { sandboxPage } from '@/lib/apps/sandbox-page';
import { checkSandboxTicket, ticketNamesView } from '@/lib/apps/sandbox-ticket';
import { openLane } from '@/lib/http/lane';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { cachedUiResource, type UiResource, UiResourceError, uiResourceHash } from '@/lib/mcp/ui-resource';
import { connectionForSandboxHost, viewLabel } from '@/lib/mcp/view-origin';

export const dynamic = 'force-dynamic';

function notFound(why: string): Response {
  return new Response(why, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * The sandbox proxy page of one server's view, served only on that server's sandbox origin (see
 * proxy.ts). The CSP and permissions come from the host's own record of the resource, never from the
 * request, so a frame that reopens this page cannot widen them.
 */
export const GET = routeHandler(async (request: Request) => {
  const origins = originsFor(process.env);
  const connection = connectionForSandboxHost(await getRegistry(), request.headers.get('host'));
  if (!connection) return notFound('No MCP server has views at this address.');
  const params = new URL(request.url).searchParams;
  const uri = params.get('uri') ?? '';
  // Only a page the host gave this view's ticket opens it (nothing is read for anyone else).
  const ticketed = checkSandboxTicket(viewLabel(connection.config), uri, params.get('t'));
  const stale = 'This view address is not valid (or no longer): reload the page that shows the view.';
  if (ticketed === null) return notFound(stale);
  let resource: UiResource;
  try {
    resource = await cachedUiResource(connection, uri);
  } catch (error) {
    if (error instanceof UiResourceError) return notFound(error.message);
    return new Response('The view could not be read from its server.', { status: 503 });
  }
  // The ticket was minted for the HTML checked against the user's pin; a view that changed since
  // would frame that HTML with its new CSP and permissions, which nobody accepted.
  if (!ticketNamesView(ticketed, uiResourceHash(resource))) return notFound(stale);
  return new Response(sandboxPage(origins.host, resource.permissions), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': buildCsp(resource.csp, origins.host),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
});

openLane('GET', '/sandbox', GET);
