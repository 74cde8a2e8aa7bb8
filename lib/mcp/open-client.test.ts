import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConnectTimeoutError, openClient } from './open-client';

const LOCAL = { mode: 'local', addedBy: 'operator' } as const;

/**
 * A server that opens an HTTP+SSE stream and never sends its `endpoint` event (as a server of a newer
 * revision did, once the host's Streamable HTTP attempt was refused): nothing bounded that wait.
 */
async function silentSseServer(): Promise<{ url: string; server: Server; streams: ServerResponse[] }> {
  const streams: ServerResponse[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      response.write(': open\n\n');
      streams.push(response);
      return;
    }
    request.resume();
    response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, server, streams };
}

const silent = await silentSseServer();
afterAll(() => {
  for (const stream of silent.streams) stream.destroy();
  silent.server.close();
});

describe('connecting has one limit, whichever transport is tried', () => {
  it('a server whose SSE stream never names its endpoint fails within the connect timeout, with a clear message, and its stream is closed', async () => {
    const started = performance.now();
    const opening = openClient({ type: 'http', url: silent.url }, 1_500, LOCAL, 'Silent server');
    await expect(opening).rejects.toBeInstanceOf(ConnectTimeoutError);
    await expect(opening).rejects.toThrow(/Silent server did not finish connecting within 1.5 s/);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(4_000);
    // The host let go of the stream it opened.
    await expect
      .poll(() => silent.streams.every((s) => s.destroyed || s.writableEnded || s.closed))
      .toBe(true);
  });
});
