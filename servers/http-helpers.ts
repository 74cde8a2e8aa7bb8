import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServerFactory } from '@modelcontextprotocol/server';

/** Shared by the demo servers' HTTP front doors. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** A JSON-RPC error that answers no particular request (the body was not read or not understood). */
export function rpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/** Stops listening and drops open connections (keep-alive sockets would hold close() open). */
export function closeHttp(http: Server): Promise<void> {
  return new Promise<void>((done) => {
    http.closeAllConnections();
    http.close(() => done());
  });
}

export interface McpEndpoint {
  /** Serves one request to the MCP path; `onMessage` sees each JSON-RPC message before the server does. */
  serve(req: IncomingMessage, res: ServerResponse, onMessage?: (message: unknown) => void): Promise<void>;
  /** Ends the exchanges still in flight. */
  close(): Promise<void>;
}

/**
 * Stateless Streamable HTTP (13.1) for both protocol eras from one factory: a 2026-07-28 request
 * (its `_meta` names the revision, no `initialize`) and a 2025-era one (the `initialize` handshake
 * the host's client still opens with) each get a fresh server from `factory`, and nothing is kept
 * between requests.
 *
 * The body is read here, not by the SDK, so a developer's call log (`onMessage`) sees every
 * message, and a body that is not JSON gets the same 400 on both eras. It is read through the SDK's
 * own bounded reader, since a body handed over already parsed skips the SDK's size limit.
 */
export function mcpEndpoint(name: string, factory: McpServerFactory): McpEndpoint {
  const handler = createMcpHandler(factory, { legacy: 'stateless' });
  const node = toNodeHandler(handler, {
    onerror: (error) => console.error(`[${name}] request failed:`, error),
  });
  async function serve(req: IncomingMessage, res: ServerResponse, onMessage?: (message: unknown) => void) {
    // Sessions and the standalone GET stream are gone on both eras served here.
    if (req.method !== 'POST')
      return sendJson(res, 405, rpcError(-32000, 'Method not allowed'), { allow: 'POST' });
    let text: string;
    try {
      text = await (await toWebRequest(req)).text();
    } catch (error) {
      if (error instanceof Error && error.name === 'RequestBodyTooLargeError')
        return sendJson(res, 413, rpcError(-32600, 'Request body too large'));
      throw error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, rpcError(-32700, 'Parse error'));
    }
    for (const message of Array.isArray(body) ? body : [body]) onMessage?.(message);
    await node(req, res, body);
  }
  return {
    serve: (req, res, onMessage) =>
      serve(req, res, onMessage).catch((error: unknown) => {
        console.error(`[${name}] request failed:`, error);
        if (!res.headersSent) res.writeHead(500).end();
      }),
    close: () => handler.close(),
  };
}
