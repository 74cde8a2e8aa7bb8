/**
 * Where the chat and the views live. The chat is at `PUBLIC_ORIGIN`; every MCP server's views run in
 * an origin of their own, made from the `SANDBOX_ORIGIN` pattern by putting the server's label in
 * place of `{server}` (local default `http://{server}.sandbox.localhost:$PORT`; browsers resolve
 * `*.localhost` to loopback). No two servers' views share an origin, and none shares the chat's.
 */
export interface Origins {
  host: string;
  /** The sandbox pattern, with `{server}` where a server's label goes. */
  sandboxPattern: string;
  /** Further host names (with port) the host answers to as the chat (`ALLOWED_HOSTS`). */
  allowedHosts: string[];
}

export const SERVER_PLACEHOLDER = '{server}';
const LABEL = /^[a-z0-9]{1,63}$/;

export class OriginConfigError extends Error {}

function hostPattern(pattern: string): { protocol: string; host: string } {
  const match = /^(https?):\/\/([^/?#]+)\/*$/.exec(pattern);
  if (!match)
    throw new OriginConfigError(
      `SANDBOX_ORIGIN "${pattern}" must be an origin like https://{server}.views.example.net`,
    );
  return { protocol: match[1] as string, host: (match[2] as string).toLowerCase() };
}

function checkPattern(pattern: string, host: URL): void {
  const { host: patternHost, protocol } = hostPattern(pattern);
  if (
    !patternHost.startsWith(`${SERVER_PLACEHOLDER}.`) ||
    patternHost.split(SERVER_PLACEHOLDER).length !== 2
  ) {
    throw new OriginConfigError(
      `SANDBOX_ORIGIN must start with ${SERVER_PLACEHOLDER}. as its first host label (e.g. https://{server}.views.example.net), so that every MCP server's views get an origin of their own`,
    );
  }
  const sample = new URL(`${protocol}://${patternHost.replace(SERVER_PLACEHOLDER, 'a0')}`);
  const parent = sample.hostname.slice(3);
  if (sample.host === host.host || parent === host.hostname) {
    throw new OriginConfigError('SANDBOX_ORIGIN must not be the host origin, or views could reach the host.');
  }
}

// The front door asks on every request: the answer is kept for the inputs it was made from.
let lastOrigins: { key: string; origins: Origins } | undefined;

/** The origins a configuration names; one object for the same four settings (do not change it). */
export function originsFor(env: Record<string, string | undefined>): Origins {
  const key = JSON.stringify([env.PORT, env.PUBLIC_ORIGIN, env.SANDBOX_ORIGIN, env.ALLOWED_HOSTS]);
  if (lastOrigins?.key === key) return lastOrigins.origins;
  const origins = readOrigins(env);
  lastOrigins = { key, origins };
  return origins;
}

function readOrigins(env: Record<string, string | undefined>): Origins {
  const port = env.PORT ?? '3000';
  const host = new URL((env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/+$/, ''));
  const sandboxPattern = (env.SANDBOX_ORIGIN ?? `http://${SERVER_PLACEHOLDER}.sandbox.localhost:${port}`)
    .trim()
    .replace(/\/+$/, '');
  checkPattern(sandboxPattern, host);
  const allowedHosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { host: host.origin, sandboxPattern, allowedHosts };
}

/** The origin a server's views run in. */
export function sandboxOriginFor(pattern: string, label: string): string {
  if (!LABEL.test(label)) throw new OriginConfigError(`"${label}" is not a sandbox label`);
  return new URL(pattern.replace(SERVER_PLACEHOLDER, label)).origin;
}

let lastSuffix: { pattern: string; suffix: { protocol: string; suffix: string } } | undefined;

function patternSuffix(pattern: string): { protocol: string; suffix: string } {
  if (lastSuffix?.pattern === pattern) return lastSuffix.suffix;
  const { protocol, host } = hostPattern(pattern);
  const suffix = {
    protocol,
    suffix: new URL(`${protocol}://${host.replace(SERVER_PLACEHOLDER, 'a0')}`).host.slice(2),
  };
  lastSuffix = { pattern, suffix };
  return suffix;
}

/**
 * The Host header's host, only when it is spelled as a browser sends it: the URL parser's own form
 * (no userinfo, no leading zeros or default port, nothing after the port). The parser forgives many
 * spellings a browser never sends; taking those would let a crafted request pass for the host's name.
 */
function safeHost(hostHeader: string, protocol = 'http'): string | null {
  const spelled = hostHeader.toLowerCase();
  try {
    const { host } = new URL(`${protocol}://${spelled}`);
    return host === spelled ? host : null;
  } catch {
    return null;
  }
}

/** The server label named by a request's Host header, when it is one of the sandbox origins. */
export function sandboxLabelOf(hostHeader: string | null, pattern: string): string | null {
  if (!hostHeader) return null;
  const { protocol, suffix } = patternSuffix(pattern);
  const host = safeHost(hostHeader, protocol);
  if (!host?.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return LABEL.test(label) ? label : null;
}

/**
 * DNS rebinding: the chat answers only under its own names: the public origin's host, `localhost`
 * on the port it listens on (the supervisor's own address, which no rebinding name can claim), and
 * `ALLOWED_HOSTS`.
 */
export function isChatHost(hostHeader: string | null, origins: Origins, port: string): boolean {
  if (!hostHeader) return false;
  const host = safeHost(hostHeader);
  if (!host) return false;
  const own = new URL(origins.host).host;
  return host === own || host === `localhost:${port}` || origins.allowedHosts.includes(host);
}
