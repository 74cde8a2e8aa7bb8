import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLoggingServer, startModernLoggingServer } from '../fixtures/mcp/logging-server';
import { mcpletTool, startOddServer } from '../fixtures/mcp/odd-server';

// The route as the host runs it, against three servers: one that offers logging/setLevel (2025-11-25),
// one that speaks 2026-07-28, one that declares no logging.
const logs = await startLoggingServer();
const modern = await startModernLoggingServer();
const quiet = await startOddServer(0, [mcpletTool('alpha')]);
const dir = mkdtempSync(join(tmpdir(), 'mcplet-log-level-'));
writeFileSync(
  join(dir, 'host.config.json'),
  JSON.stringify({
    demoServers: false,
    servers: [
      { id: 'logs', name: 'Logs', transport: { type: 'http', url: logs.url } },
      {
        id: 'modern',
        name: 'Modern',
        transport: { type: 'http', url: modern.url },
        admission: 'annotations',
      },
      { id: 'quiet', name: 'Quiet', transport: { type: 'http', url: quiet.url } },
    ],
  }),
);
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));

const route = await import('../../app/api/servers/[id]/log-level/route');
const { getRegistry } = await import('../../lib/mcp/host-registry');

async function setLevel(id: string, body: unknown) {
  const response = await route.POST(
    new Request(`http://localhost:3000/api/servers/${id}/log-level`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ready(id: string) {
  const connection = (await getRegistry()).getFor(id, 'local');
  if (!connection) throw new Error(`${id} is not registered`);
  await vi.waitFor(() => expect(connection.status).toBe('ready'), { timeout: 45_000 });
  return connection;
}

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await Promise.all([logs.close(), modern.close(), quiet.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /api/servers/[id]/log-level', () => {
  // The first test opens the host's registry: its database and every server (slow on a loaded machine).
  it('sets the level of a 2025-era server that offers logging; the connection remembers it', async () => {
    const connection = await ready('logs');
    const answer = await setLevel('logs', { level: 'warning' });
    expect(answer).toEqual({ status: 200, body: { logging: { settable: true, level: 'warning' } } });
    expect(logs.levels.map((l) => l.level)).toEqual(['warning']);
    expect(connection.logLevelControl).toEqual({ settable: true, level: 'warning' });
  }, 60_000);

  it('404 for a server the user cannot see', async () => {
    const answer = await setLevel('nobody', { level: 'error' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('No server has the id "nobody".');
  });

  it('400 for a level MCP does not name, or no JSON at all; nothing is sent', async () => {
    await ready('logs');
    const before = logs.levels.length;
    for (const body of [{ level: 'warn' }, { level: 'ERROR' }, {}, { level: 3 }, 'not json']) {
      const answer = await setLevel('logs', body);
      expect(answer.status).toBe(400);
    }
    expect((await setLevel('logs', { level: 'verbose' })).body.error).toContain(
      'debug, info, notice, warning',
    );
    expect(logs.levels.length).toBe(before);
  });

  it('409 for a 2026-07-28 server: logging/setLevel left the core', async () => {
    await ready('modern');
    const answer = await setLevel('modern', { level: 'error' });
    expect(answer.status).toBe(409);
    expect(answer.body.why).toBe('modern');
    expect(answer.body.error).toContain('removed logging/setLevel');
  });

  it('409 for a server that does not declare logging', async () => {
    await ready('quiet');
    const answer = await setLevel('quiet', { level: 'error' });
    expect(answer.status).toBe(409);
    expect(answer.body.why).toBe('not-offered');
  });
});
