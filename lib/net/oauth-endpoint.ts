import { checkUrl, type OutboundPolicy, type Verdict } from './address-rules';

const LOOPBACK_NAMES = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost)$/i;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return LOOPBACK_NAMES.test(host) || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/**
 * An OAuth endpoint a server's metadata names (authorization, token, registration,
 * metadata documents). http or https only (never `javascript:`, `file:` …); https, except the MCP
 * server's own origin (its protected-resource metadata lives there) and loopback in local mode.
 * The address rules of the outbound guard apply on top (link-local, metadata names …).
 */
export function checkOAuthEndpoint(url: URL, serverUrl: URL, policy: OutboundPolicy): Verdict {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      kind: 'scheme',
      message: `refused: an OAuth endpoint may not be a ${url.protocol} URL`,
    };
  const address = checkUrl(url, policy);
  if (!address.ok) return address;
  if (url.protocol === 'https:') return { ok: true };
  if (url.origin === serverUrl.origin) return { ok: true };
  if (policy.mode === 'local' && isLoopbackHost(url.hostname)) return { ok: true };
  return {
    ok: false,
    kind: 'scheme',
    message: `refused: the OAuth endpoint ${url.origin} must use https (plain http is allowed only on loopback in local mode)`,
  };
}
