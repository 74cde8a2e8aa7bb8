import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startModernServer } from '../../tests/fixtures/mcp/modern-server';
import { mcpletTool, startOddServer } from '../../tests/fixtures/mcp/odd-server';
import { dispatch } from './dispatch';
import { MIN_RELIST_MS } from './list-freshness';
import { McpRegistry } from './registry';
import type { ServerConfig } from './server-config';
import { serverView } from './snapshot';

const session = { userId: 'local' };
const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

const config = (id: string, transport: ServerConfig['transport']): ServerConfig => ({
  id,
  name: id,
  transport,
  admission: 'annotations',
  source: 'user',
  ownerId: 'local',
});

let registry: McpRegistry | null = null;
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await registry?.closeAll();
  registry = null;
  for (const server of servers.splice(0)) await server.close();
});

/** A front for a 2025-era server that answers `server/discover` with HTTP 500 and passes the rest on. */
async function probeRefusingFront(target: string) {
  let probes = 0;
  const http = createServer(async (req, res) => {
    // Only posts pass: the session's notification stream is not what this front is about.
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (body.toString('utf8').includes('"server/discover"')) {
      probes++;
      res.writeHead(500).end('internal error');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value);
    const answer = await fetch(target, {
      method: req.method,
      headers,
      ...(req.method === 'POST' ? { body } : {}),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    probes: () => probes,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

async function connectTo(entry: ServerConfig) {
  registry = new McpRegistry(new Set());
  const connection = registry.start(entry);
  await connection.connect();
  return connection;
}

describe('both generations of MCP servers', () => {
  it.each(['reject', 'stateless'] as const)(
    'a 2026-07-28 server (v2 SDK, legacy %s) gets stateless requests: no initialize, no session, Mcp-Method on every POST',
    async (legacy) => {
      const server = await startModernServer(legacy);
      servers.push(server);
      const connection = await connectTo(config('modern', { type: 'http', url: server.url }));
      expect(connection.status).toBe('ready');
      expect(connection.protocolVersion).toBe(MODERN);
      expect(serverView(connection).protocolVersion).toBe(MODERN);
      expect(connection.catalog.tools.map((t) => t.name).sort()).toEqual([
        'book_table',
        'echo',
        'forecast',
        'summarise',
      ]);

      const outcome = await dispatch(registry as McpRegistry, {
        serverId: 'modern',
        toolName: 'echo',
        args: { text: 'hi' },
        surface: { kind: 'model' },
        session,
      });
      expect(outcome.sent).toBe(true);
      expect(JSON.stringify(outcome.envelope)).toContain('echo: hi');

      const posts = server.seen.filter((r) => r.httpMethod === 'POST');
      expect(posts.map((r) => r.rpcMethod)).not.toContain('initialize');
      expect(posts.map((r) => r.rpcMethod)).toContain('tools/call');
      for (const post of posts) {
        expect(post.sessionId).toBeNull();
        expect(post.mcpMethodHeader).toBe(post.rpcMethod);
      }
    },
  );

  it("a 2026-07-28 server's tool changes arrive on the subscriptions/listen stream the host opens, and the tools are listed again", async () => {
    const server = await startModernServer('reject');
    servers.push(server);
    const connection = await connectTo(config('modern', { type: 'http', url: server.url }));
    await expect.poll(() => server.seen.some((r) => r.rpcMethod === 'subscriptions/listen')).toBe(true);
    await expect
      .poll(() => connection.log.some((e) => e.message.includes('listening for tool changes')))
      .toBe(true);
    server.addTool('added_later');
    await expect
      .poll(() => connection.catalog.tools.map((t) => t.name).sort(), { timeout: 5_000 })
      .toEqual(['added_later', 'book_table', 'echo', 'forecast', 'summarise']);
  });

  it('a 2026-07-28 tool list is listed again once its ttlMs has passed (SEP-2549), in the background', async () => {
    const server = await startModernServer('reject', 1_000);
    servers.push(server);
    const connection = await connectTo(config('modern', { type: 'http', url: server.url }));
    const lists = () => server.seen.filter((r) => r.rpcMethod === 'tools/list').length;
    expect(connection.catalog.ttlMs).toBe(1_000);
    const before = lists();
    const firstListed = connection.catalog.listedAt;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + MIN_RELIST_MS);
      expect(connection.catalog.tools.length).toBeGreaterThan(0);
      await expect.poll(lists).toBe(before + 1);
      // The new list is fresh: reads meanwhile do not list again.
      await expect.poll(() => connection.catalog.listedAt).toBeGreaterThan(firstListed);
      expect(connection.catalog.tools.length).toBeGreaterThan(0);
      expect(lists()).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a 2025-11-25 server (v1 SDK, Streamable HTTP) gets the handshake and its session as before', async () => {
    const server = await startOddServer(0, [mcpletTool('read_things')]);
    servers.push(server);
    const connection = await connectTo(config('legacy', { type: 'http', url: server.url }));
    expect(connection.status).toBe('ready');
    expect(connection.kind).toBe('streamable-http');
    expect(connection.protocolVersion).toBe(LEGACY);
    expect(serverView(connection).protocolVersion).toBe(LEGACY);
  });

  it('a 2025-era server that answers the revision probe with a 500 still gets the handshake', async () => {
    const legacy = await startOddServer(0, [mcpletTool('read_things')]);
    servers.push(legacy);
    const front = await probeRefusingFront(legacy.url);
    servers.push(front);
    const connection = await connectTo(config('picky', { type: 'http', url: front.url }));
    expect(connection.status).toBe('ready');
    expect(connection.kind).toBe('streamable-http');
    expect(connection.protocolVersion).toBe(LEGACY);
    expect(front.probes()).toBe(1);
  });

  it('server-everything (v1 SDK) over stdio negotiates 2025-11-25', async () => {
    const connection = await connectTo(
      config('everything', {
        type: 'stdio',
        command: [
          process.execPath,
          'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
          'stdio',
        ],
      }),
    );
    expect(connection.status).toBe('ready');
    expect(connection.kind).toBe('stdio');
    expect(connection.protocolVersion).toBe(LEGACY);
    expect(connection.catalog.tools.some((t) => t.name === 'echo')).toBe(true);
  }, 30_000);
});
