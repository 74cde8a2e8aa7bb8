import { originsFor } from '@/lib/apps/origins';
import { routeHandler } from '@/lib/http/route-handler';
import { clientIdUrl } from '@/lib/mcp/oauth/client-id';

export const dynamic = 'force-dynamic';

/**
 * The host's OAuth Client ID Metadata Document (SEP-991): its URL is its client id. Authorization
 * servers fetch it; it names only the host's own callback.
 */
export const GET = routeHandler(() => {
  const host = originsFor(process.env).host;
  return Response.json(
    {
      client_id: clientIdUrl(process.env) ?? `${host}/oauth/client-metadata.json`,
      client_name: 'MCPlet Host',
      client_uri: host,
      redirect_uris: [`${host}/oauth/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    { headers: { 'cache-control': 'public, max-age=300' } },
  );
});
