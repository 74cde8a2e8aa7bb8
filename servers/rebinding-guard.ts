import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * The demo servers' answer to DNS rebinding. A page on a name its author controls can point that
 * name at 127.0.0.1 once loaded; the browser then treats the page's requests to the loopback server
 * as same-origin, and they arrive with the page's name in `Host`, and in `Origin` when they carry one
 * (a same-origin GET carries none). The MCP transport's security warning requires servers to validate
 * `Origin` and answer an invalid one with 403; a loopback server checks `Host` too, for the requests
 * that carry no `Origin`.
 *
 * So a request is served only when its `Host` is one of the server's own loopback names with its
 * port, and its `Origin`, when there is one, is one of those names over http. An absent `Origin` is
 * fine: the host and other non-browser clients send none. The allowed names come from the port the
 * server listens on, never from the request.
 *
 * Why not the SDK's own guards: `hostHeaderValidation` and `originValidation` (from
 * `@modelcontextprotocol/node`) compare host names only, on any port, so a page another program
 * serves on a loopback port would pass as one of ours; and `createMcpHandler` checks no header at
 * all. This check runs first, on every path (the vault's `/secrets/*` too), before any body is
 * read: exact `host:port`, exact origin, 403 with a JSON-RPC error.
 */

/** The `Host` values of a server listening on loopback at `port`. */
export function loopbackHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** Why a request with these headers is refused, or null when it names one of `hosts`. */
export function rebindingRefusal(headers: IncomingHttpHeaders, hosts: readonly string[]): string | null {
  const host = headers.host;
  // Host names are case-insensitive; every allowed name is lower case.
  if (!host || !hosts.includes(host.toLowerCase())) return `Invalid Host header: ${host ?? '(none)'}`;
  const origin = headers.origin;
  // `null` (an opaque origin: a sandboxed frame, a redirect) is present and names none of them.
  if (origin !== undefined && !hosts.some((name) => origin.toLowerCase() === `http://${name}`))
    return `Invalid Origin header: ${origin}`;
  return null;
}

/**
 * Answers 403 with a JSON-RPC error (no id: the body is not read) and returns true when the request
 * names a foreign `Host` or `Origin`; the caller then does nothing more with it.
 */
export function refuseRebinding(
  req: IncomingMessage,
  res: ServerResponse,
  hosts: readonly string[],
): boolean {
  const refusal = rebindingRefusal(req.headers, hosts);
  if (!refusal) return false;
  res.writeHead(403, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: refusal }, id: null }));
  return true;
}
