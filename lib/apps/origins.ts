/**
 * Where views run. The MCP Apps sandbox proxy must live on another origin than the chat. By default
 * the same server answers under a second host name: the chat at `localhost`, the sandbox at
 * `127.0.0.1` (same port). `SANDBOX_ORIGIN` and `PUBLIC_ORIGIN` set both explicitly (production: a
 * sandbox subdomain).
 */
export interface Origins {
  host: string;
  sandbox: string;
}

export function originsFor(env: Record<string, string | undefined>): Origins {
  const port = env.PORT ?? '3000';
  const host = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const sandbox = (env.SANDBOX_ORIGIN ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  if (new URL(host).origin === new URL(sandbox).origin) {
    throw new Error('SANDBOX_ORIGIN must differ from the host origin, or views could reach the host.');
  }
  return { host: new URL(host).origin, sandbox: new URL(sandbox).origin };
}

/** Compares a request's Host header with an origin's host (name and port). */
export function isHostOf(hostHeader: string | null, origin: string): boolean {
  if (!hostHeader) return false;
  return hostHeader.toLowerCase() === new URL(origin).host.toLowerCase();
}
