import 'server-only';
import { originsFor } from '../../apps/origins';
import { clientIdUrlProblem } from '../../config/env-settings';

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
    const problem = clientIdUrlProblem(configured);
    if (problem) throw new Error(problem);
    return new URL(configured).href;
  }
  const host = originsFor(env).host;
  return host.startsWith('https:') ? `${host}/oauth/client-metadata.json` : undefined;
}
