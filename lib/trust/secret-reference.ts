/**
 * Redeeming a `secret_reference` (WebMCP sensitive-output proposal, sections 4, 4a, 4b), the pure
 * rules; the request itself is made at the edge (lib/mcp/secret-reveal.ts), through lib/net.
 * - 4: a reference is `{ type: 'secret_reference', id, label, redeemUrl, ttl? }`; `ttl` counts
 *   seconds from when the result was received, so the host refuses a stale one without asking.
 * - 4a: `redeemUrl` must be same-origin with what registered the tool: here the MCP server's own
 *   URL (scheme, host and port, as the URL parser normalizes them). A command (stdio) server has no
 *   origin, so its references are never redeemed; userinfo in the URL is refused outright. The
 *   answer: 200 `{ value }`, 410 used or expired, 401/403 credentials, 404 unknown, 429 rate limit.
 * - 4b: the browser names a reference by its id only; the URL comes from the stored result.
 */

export interface SecretReference {
  readonly id: string;
  readonly label: string;
  readonly redeemUrl: string;
  /** Seconds until the reference expires, from when the result was received. */
  readonly ttl?: number;
}

export type RedeemingServer = { readonly type: 'http'; readonly url: string } | { readonly type: 'stdio' };

export type RevealFailure =
  | 'not-found'
  | 'server-gone'
  | 'command-server'
  | 'cross-origin'
  | 'userinfo'
  | 'gone'
  | 'credentials'
  | 'rate-limited'
  | 'redirect'
  | 'malformed'
  | 'refused'
  | 'upstream'
  | 'unreachable';

/** What the browser is told, and the HTTP status of the host's answer. */
export const REVEAL_FAILURES: Readonly<Record<RevealFailure, { status: number; message: string }>> = {
  'not-found': { status: 404, message: 'This secret was not found; ask the tool for a new one.' },
  'server-gone': { status: 404, message: 'The server that issued this secret is no longer registered.' },
  'command-server': {
    status: 422,
    message: 'Secrets from command (stdio) servers cannot be revealed: they have no web origin to redeem at.',
  },
  'cross-origin': {
    status: 422,
    message: "The secret's address is not on its server's own origin, so the host does not fetch it.",
  },
  userinfo: {
    status: 422,
    message: "The secret's address carries a user name or password; the host does not fetch it.",
  },
  gone: {
    status: 410,
    message: 'This secret was already revealed or has expired; ask the tool for a new one.',
  },
  credentials: {
    status: 502,
    message:
      "The server refused the host's credentials for it; check the server's headers in the host configuration.",
  },
  'rate-limited': { status: 429, message: 'The server is limiting requests for secrets; try again later.' },
  redirect: {
    status: 502,
    message: 'The server answered with a redirect; the host does not follow one for a secret.',
  },
  malformed: { status: 502, message: 'The server did not answer with a secret value.' },
  refused: { status: 502, message: "The host's outbound rules refuse the secret's address." },
  upstream: { status: 502, message: 'The server could not reveal the secret.' },
  unreachable: { status: 502, message: 'The server could not be reached; try again later.' },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A content item as a reference (4), or null when it is not one or a field is missing or wrong. */
export function readSecretReference(item: unknown): SecretReference | null {
  if (!isRecord(item) || item.type !== 'secret_reference') return null;
  const { id, label, redeemUrl, ttl } = item;
  if (typeof id !== 'string' || id.length === 0 || typeof redeemUrl !== 'string') return null;
  if (ttl !== undefined && !(typeof ttl === 'number' && Number.isFinite(ttl) && ttl > 0)) return null;
  return {
    id,
    label: typeof label === 'string' && label.trim() ? label : 'Secret',
    redeemUrl,
    ...(ttl !== undefined ? { ttl } : {}),
  };
}

/** Every well-formed reference in a `tools/call` result's `content`. */
export function secretReferencesOf(result: unknown): SecretReference[] {
  const content = isRecord(result) && Array.isArray(result.content) ? result.content : [];
  return content.map(readSecretReference).filter((r): r is SecretReference => r !== null);
}

/** 4: expired once `ttl` seconds have passed since the result was received; unknown receipt counts as expired. */
export function referenceExpired(
  reference: SecretReference,
  receivedAt: number | undefined,
  now: number,
): boolean {
  if (reference.ttl === undefined) return false;
  if (receivedAt === undefined || !Number.isFinite(receivedAt)) return true;
  return now >= receivedAt + reference.ttl * 1000;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * 4a: where the host may fetch the reference, or why not. Only http(s) URLs on exactly the server's
 * origin; `new URL` has already folded case, default ports and IPv4 spellings into `origin`.
 */
export function redemptionTarget(
  reference: SecretReference,
  server: RedeemingServer,
  timing: { receivedAt: number | undefined; now: number },
): { ok: true; url: URL } | { ok: false; failure: RevealFailure } {
  if (server.type !== 'http') return { ok: false, failure: 'command-server' };
  const url = parseUrl(reference.redeemUrl);
  const home = parseUrl(server.url);
  if (!url || !home) return { ok: false, failure: 'cross-origin' };
  if (url.username || url.password) return { ok: false, failure: 'userinfo' };
  const web = (u: URL) => u.protocol === 'http:' || u.protocol === 'https:';
  if (!web(url) || !web(home) || url.origin !== home.origin) return { ok: false, failure: 'cross-origin' };
  if (referenceExpired(reference, timing.receivedAt, timing.now)) return { ok: false, failure: 'gone' };
  return { ok: true, url };
}

/** 4a: the redemption endpoint's answer, read. Only a 200 with a string `value` is a secret. */
export function readRedemption(
  status: number,
  body: unknown,
): { ok: true; value: string } | { ok: false; failure: RevealFailure } {
  if (status === 200)
    return isRecord(body) && typeof body.value === 'string'
      ? { ok: true, value: body.value }
      : { ok: false, failure: 'malformed' };
  if (status === 410) return { ok: false, failure: 'gone' };
  if (status === 401 || status === 403) return { ok: false, failure: 'credentials' };
  if (status === 404) return { ok: false, failure: 'not-found' };
  if (status === 429) return { ok: false, failure: 'rate-limited' };
  if (status >= 300 && status < 400) return { ok: false, failure: 'redirect' };
  return { ok: false, failure: 'upstream' };
}
