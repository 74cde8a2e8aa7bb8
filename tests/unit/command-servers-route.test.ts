import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The routes as the host runs them: a fresh data directory, no demo servers, host origin localhost:3999.
const dir = mkdtempSync(join(tmpdir(), 'mcplet-command-'));
const hostOrigin = 'http://localhost:3999';
writeFileSync(join(dir, 'host.config.json'), JSON.stringify({ demoServers: false }));
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));
vi.stubEnv('PORT', '3999');
vi.stubEnv('PUBLIC_ORIGIN', hostOrigin);

const servers = await import('../../app/api/servers/route');
const gates = await import('../../app/api/gates/[id]/route');
const { getRegistry } = await import('../../lib/mcp/host-registry');
const { RegistryError } = await import('../../lib/mcp/registry');
const { getDb } = await import('../../lib/db');
const { listStoredServers } = await import('../../lib/db/queries/servers');

let counter = 0;
function markerCommand() {
  const marker = join(dir, `marker-${++counter}`);
  return {
    marker,
    id: `cmd-${counter}`,
    command: [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
  };
}

function postServer(body: unknown, headers: Record<string, string>) {
  return servers.POST(
    new Request(`${hostOrigin}/api/servers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

function answer(id: string, body: unknown) {
  return gates.POST(
    new Request(`${hostOrigin}/api/gates/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: hostOrigin, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
}

const fromHostPage = { origin: hostOrigin, 'sec-fetch-site': 'same-origin' };

async function nothingStarted(id: string, marker: string) {
  expect((await getRegistry()).getFor(id, 'local')).toBeUndefined();
  expect((await listStoredServers(await getDb())).map((s) => s.id)).not.toContain(id);
  expect(existsSync(marker)).toBe(false);
}

beforeAll(async () => {
  await getRegistry();
});

afterAll(async () => {
  await (await getRegistry()).closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('command execution: POST /api/servers with a stdio transport', () => {
  it('is refused from a request without Origin or Sec-Fetch-Site (curl), and nothing runs', async () => {
    const { id, command, marker } = markerCommand();
    const response = await postServer({ id, transport: { type: 'stdio', command } }, {});
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/host's own page/);
    await nothingStarted(id, marker);
  });

  it('is refused from a foreign Origin, and from a rebinding page that claims same-origin', async () => {
    const { id, command, marker } = markerCommand();
    for (const headers of [
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://evil.example:3999', 'sec-fetch-site': 'same-origin' },
    ]) {
      expect((await postServer({ id, transport: { type: 'stdio', command } }, headers)).status).toBe(403);
    }
    await nothingStarted(id, marker);
  });

  it('from the host page asks for a confirmation showing the exact command; until then nothing runs', async () => {
    const { id, command, marker } = markerCommand();
    const response = await postServer(
      { id, transport: { type: 'stdio', command, env: { TOKEN: 'secret' }, cwd: dir } },
      fromHostPage,
    );
    expect(response.status).toBe(202);
    const { gate } = (await response.json()) as { gate: Record<string, unknown> };
    expect(gate).toMatchObject({
      kind: 'command',
      gate: 'confirm',
      command: { argv: command, envKeys: ['TOKEN'], cwd: dir },
    });
    await nothingStarted(id, marker);
  });

  it('a cancelled confirmation runs nothing, and cannot be approved afterwards', async () => {
    const { id, command, marker } = markerCommand();
    const asked = await postServer({ id, transport: { type: 'stdio', command } }, fromHostPage);
    const { gate } = (await asked.json()) as { gate: { id: string } };
    const cancelled = await answer(gate.id, { approved: false, reason: 'cancelled' });
    expect(await cancelled.json()).toMatchObject({
      ok: true,
      result: { refused: expect.stringContaining('not run') },
    });
    expect((await answer(gate.id, { approved: true })).status).toBe(409);
    await nothingStarted(id, marker);
  });

  it('an approved command is stored and started, once', async () => {
    const { id, command, marker } = markerCommand();
    const asked = await postServer({ id, transport: { type: 'stdio', command } }, fromHostPage);
    const { gate } = (await asked.json()) as { gate: { id: string } };
    const approved = await answer(gate.id, { approved: true });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ ok: true, result: { server: { id } } });
    expect((await getRegistry()).getFor(id, 'local')?.config).toMatchObject({
      source: 'user',
      transport: { command },
    });
    expect((await listStoredServers(await getDb())).map((s) => s.id)).toContain(id);
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 10_000 });
    expect((await answer(gate.id, { approved: true })).status).toBe(409);
    await (await getRegistry()).remove(id, 'local');
  });

  it('the registry itself refuses a command server that was not confirmed', async () => {
    const { id, command, marker } = markerCommand();
    await expect(
      (await getRegistry()).add(
        { id, name: id, transport: { type: 'stdio', command }, admission: 'strict' },
        'local',
      ),
    ).rejects.toBeInstanceOf(RegistryError);
    await nothingStarted(id, marker);
  });
});
