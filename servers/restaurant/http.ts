import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { closeHttp, readBody } from '../http-helpers';
import { loopbackHosts, refuseRebinding } from '../rebinding-guard';
import { createRestaurantServer } from './server';

export interface RestaurantOptions {
  /** Sees every JSON-RPC message the server receives (a call log for developers and tests). */
  onMessage?(message: unknown): void;
}

/**
 * Stateless Streamable HTTP: a new server and transport per request, loopback only, and only under
 * its own loopback names (servers/rebinding-guard.ts).
 */
export function listenRestaurant(
  port: number,
  options: RestaurantOptions = {},
): Promise<{ url: string; http: Server; close(): Promise<void> }> {
  let hosts: string[] = [];
  const http = createServer(async (req, res) => {
    if (refuseRebinding(req, res, hosts)) return;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null }),
      );
      return;
    }
    const server = createRestaurantServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
        );
        return;
      }
      for (const message of Array.isArray(body) ? body : [body]) options.onMessage?.(message);
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      console.error('[restaurant] request failed:', error);
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  return new Promise((resolve) => {
    http.listen(port, '127.0.0.1', () => {
      const bound = (http.address() as AddressInfo).port;
      hosts = loopbackHosts(bound);
      const url = `http://127.0.0.1:${bound}/mcp`;
      resolve({
        url,
        http,
        close: () => closeHttp(http),
      });
    });
  });
}
