import 'server-only';

/**
 * RFC 8414 section 3.3: the `issuer` in authorization server metadata MUST be identical to the
 * authorization server URL the metadata was discovered from. A document naming another issuer may be
 * an attacker's, steering the sign-in to its own endpoints (a mix-up): it is refused before any of its
 * endpoints is used, so no registration, authorization redirect or token request follows.
 */
export class MetadataIssuerError extends Error {
  constructor(
    readonly discoveredFrom: string,
    readonly issuer: string,
  ) {
    super(
      `the authorization server ${discoveredFrom} sent metadata naming another issuer, ${issuer}: refused (RFC 8414 section 3.3), nothing was sent to the endpoints it lists`,
    );
    this.name = 'MetadataIssuerError';
  }
}

/**
 * The URL compared as parsed (the case of scheme and host, a default port), without one terminating
 * "/": RFC 8414 removes it before inserting the well-known path, so `https://as.example` and
 * `https://as.example/` name one issuer. A query or fragment is never part of an issuer.
 */
function identifier(value: string): string | undefined {
  const url = URL.parse(value);
  if (!url || url.search || url.hash) return undefined;
  return url.href.endsWith('/') ? url.href.slice(0, -1) : url.href;
}

/** Whether `issuer` identifies the authorization server discovered at `discoveredFrom`. */
export function issuerMatches(issuer: string, discoveredFrom: string): boolean {
  const a = identifier(issuer);
  return a !== undefined && a === identifier(discoveredFrom);
}

const WELL_KNOWN_PREFIXES = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
const OPENID_SUFFIX = '/.well-known/openid-configuration';

/**
 * The authorization server a metadata URL was built from: the well-known path inserted before the
 * issuer's path (RFC 8414, and OpenID the same way), or appended after it (OpenID Discovery 1.0).
 * Undefined for any other URL.
 */
export function issuerOfMetadataUrl(url: URL): string | undefined {
  for (const prefix of WELL_KNOWN_PREFIXES)
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))
      return `${url.origin}${url.pathname.slice(prefix.length)}`;
  if (url.pathname.endsWith(OPENID_SUFFIX))
    return `${url.origin}${url.pathname.slice(0, -OPENID_SUFFIX.length)}`;
  return undefined;
}

/**
 * An answer to a request of `url`, checked when it is authorization server metadata: a document whose
 * `issuer` is not the server it was asked of throws `MetadataIssuerError` (not a TypeError, which the
 * SDK takes for a CORS failure and tries the next URL). Any other answer is passed on as it came; a
 * document that is not JSON, or has no string `issuer`, is left to the SDK's own schema.
 */
export async function checkMetadataIssuer(url: URL, response: Response): Promise<Response> {
  const expected = issuerOfMetadataUrl(url);
  if (!expected || !response.ok) return response;
  const text = await response.text();
  const issuer = issuerIn(text);
  if (issuer !== undefined && !issuerMatches(issuer, expected))
    throw new MetadataIssuerError(expected, issuer);
  return new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function issuerIn(text: string): string | undefined {
  try {
    const document: unknown = JSON.parse(text);
    if (typeof document !== 'object' || document === null || !('issuer' in document)) return undefined;
    return typeof document.issuer === 'string' ? document.issuer : undefined;
  } catch {
    return undefined;
  }
}
