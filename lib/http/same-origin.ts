const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function fromAnotherSite(headers: Headers): boolean {
  const site = headers.get('sec-fetch-site');
  return site !== null && site !== 'same-origin' && site !== 'none';
}

/**
 * docs/security.md, "Cross-site requests": a request to the API must come from the host's own pages. Browsers send `Origin` on
 * cross-origin POSTs and `Sec-Fetch-Site` on every request; a write naming another site is refused.
 * Reads are refused too when the browser says they come from another site: views live on sibling
 * `*.sandbox` origins, which are same-site. Requests with neither header (curl, server-to-server)
 * carry no ambient browser credentials.
 */
export function isCrossSiteRequest(method: string, headers: Headers, hostOrigin: string): boolean {
  if (fromAnotherSite(headers)) return true;
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get('origin');
  return origin !== null && origin !== hostOrigin;
}
