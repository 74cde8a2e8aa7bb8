import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Shared by the demo servers' HTTP front doors. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stops listening and drops open connections (keep-alive sockets would hold close() open). */
export function closeHttp(http: Server): Promise<void> {
  return new Promise<void>((done) => {
    http.closeAllConnections();
    http.close(() => done());
  });
}

/** One stateless Streamable HTTP exchange (13.1): a fresh server and transport per request. */
export async function handleStateless(
  server: { connect(transport: Transport): Promise<void>; close(): Promise<void> },
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
