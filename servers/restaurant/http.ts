import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeHttp, mcpEndpoint } from '../http-helpers';
import { loopbackHosts, refuseRebinding } from '../rebinding-guard';
import { createRestaurantServer } from './server';

export interface RestaurantOptions {
  /** Sees every JSON-RPC message the server receives (a call log for developers and tests). */
  onMessage?(message: unknown): void;
}

/**
 * Stateless Streamable HTTP for 2026-07-28 and 2025-era clients alike: a new server per request
 * (servers/http-helpers.ts), loopback only, and only under its own loopback names
 * (servers/rebinding-guard.ts).
 */
export function listenRestaurant(
  port: number,
  options: RestaurantOptions = {},
): Promise<{ url: string; http: Server; close(): Promise<void> }> {
  let hosts: string[] = [];
  const mcp = mcpEndpoint('restaurant', createRestaurantServer);
  const http = createServer((req, res) => {
    if (refuseRebinding(req, res, hosts)) return;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    void mcp.serve(req, res, (message) => options.onMessage?.(message));
  });
  return new Promise((resolve) => {
    http.listen(port, '127.0.0.1', () => {
      const bound = (http.address() as AddressInfo).port;
      hosts = loopbackHosts(bound);
      const url = `http://127.0.0.1:${bound}/mcp`;
      resolve({
        url,
        http,
        close: async () => {
          await mcp.close();
          await closeHttp(http);
        },
      });
    });
  });
}
