import 'server-only';

/** The loopback hosts of RFC 8252 (sections 7.3 and 8.3): those OpenID servers accept for a native client. */
const LOOPBACK_REDIRECT_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The OpenID `application_type` the host registers with. The MCP authorization spec: a client MUST
 * send one in dynamic client registration (OpenID servers assume "web" when it is missing, and may
 * then refuse a loopback redirect); a locally hosted web application reached through localhost SHOULD
 * register as "native", a web application served from a non-local host as "web". So a callback on
 * plain http at a loopback host (OpenID allows plain http redirects for native clients only there) is
 * "native"; any other, the https callback of a deployed host, is "web" (an https loopback callback
 * too: OpenID servers refuse it for a native client).
 */
export function applicationTypeFor(redirectUrl: string): 'native' | 'web' {
  const url = URL.parse(redirectUrl);
  return url?.protocol === 'http:' && LOOPBACK_REDIRECT_HOSTS.has(url.hostname) ? 'native' : 'web';
}
