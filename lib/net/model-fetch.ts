import 'server-only';
import { Agent } from 'undici';
import { fetchViaRequest, REDIRECTS, takesPlainBody } from './request-fetch';

let agent: Agent | undefined;

/**
 * The model providers' fetch. The global fetch in the host's server is Next's, which wraps
 * every request in its dedupe, cache and tracing layers over undici's fetch objects: a chat turn's
 * model request and every chunk of its answer paid for them. A model's endpoint is the operator's
 * configuration, not a server a user registered, so this is not the guard: undici's `request` on an
 * agent of its own, answered as a WHATWG Response (lib/net/request-fetch.ts). The global fetch still
 * takes what that transport does not do: a body other than a string or bytes, a redirect to follow
 * (sent again there; the model had answered only the redirect), and everything when Node is told to
 * use the environment's proxy (NODE_USE_ENV_PROXY), which only its fetch honours.
 */
export const modelFetch: typeof fetch = async (input, init = {}) => {
  if (input instanceof Request || !takesPlainBody(init.body) || process.env.NODE_USE_ENV_PROXY)
    return fetch(input, init);
  agent ??= new Agent();
  const response = await fetchViaRequest(new URL(input), init, agent);
  if (!REDIRECTS.has(response.status) || init.redirect === 'manual') return response;
  await response.body?.cancel();
  return fetch(input, init);
};
