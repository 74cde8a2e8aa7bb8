const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Attack 12: a state-changing request to the API must come from the host's own pages. Browsers send
 * `Origin` on cross-origin POSTs and `Sec-Fetch-Site` on every request; either one naming another
 * site is refused. Requests with neither (curl, server-to-server) carry no ambient browser credentials.
 */
export function isCrossSiteWrite(method: string, headers: Headers, hostOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.get('origin');
  return origin !== null && origin !== hostOrigin;
}
