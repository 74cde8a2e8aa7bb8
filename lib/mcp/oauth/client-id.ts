import 'server-only';
import { originsFor } from '../../apps/origins';

type Env = Record<string, string | undefined>;

/**
 * The host's OAuth client id as a URL (SEP-991 Client ID Metadata Document). By default the
 * document the host serves itself, `/oauth/client-metadata.json`; `OAUTH_CLIENT_ID_URL` names
 * another https address it is published at (a stable domain in front of several deployments).
 * None over plain http: the host then registers dynamically.
 */
export function clientIdUrl(env: Env): string | undefined {
  const configured = env.OAUTH_CLIENT_ID_URL?.trim();
  if (configured) {
    const url = new URL(configured);
    if (url.protocol !== 'https:' || url.pathname === '/')
      throw new Error('OAUTH_CLIENT_ID_URL must be an https URL with a path');
    return url.href;
  }
  const host = originsFor(env).host;
  return host.startsWith('https:') ? `${host}/oauth/client-metadata.json` : undefined;
}
