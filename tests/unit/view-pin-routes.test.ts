import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CHANGED_VIEW_DOMAIN, startProbeServer } from '../fixtures/mcp/probe-server';

// The routes as the host runs them, against a probe server whose view HTML the test changes.
const probe = await startProbeServer();
const dir = mkdtempSync(join(tmpdir(), 'mcplet-view-pins-'));
writeFileSync(
  join(dir, 'host.config.json'),
  JSON.stringify({
    demoServers: false,
    servers: [{ id: 'probe', name: 'Probe', transport: { type: 'http', url: probe.url } }],
  }),
);
vi.stubEnv('DATA_DIR', join(dir, 'data'));
vi.stubEnv('HOST_CONFIG', join(dir, 'host.config.json'));

const uiResource = await import('../../app/api/apps/ui-resource/route');
const sandbox = await import('../../app/sandbox/route');
const review = await import('../../app/api/servers/[id]/views/change/route');
const accept = await import('../../app/api/servers/[id]/views/accept/route');
const { getRegistry } = await import('../../lib/mcp/host-registry');

const URI = 'ui://probe/view.html';
const params = { params: Promise.resolve({ id: 'probe' }) };

async function read() {
  const response = await uiResource.GET(
    new Request(`http://localhost:3000/api/apps/ui-resource?server=probe&uri=${encodeURIComponent(URI)}`),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function sandboxPage(origin: string, ticket: string) {
  return sandbox.GET(
    new Request(`${origin}/sandbox?uri=${encodeURIComponent(URI)}&t=${encodeURIComponent(ticket)}`, {
      headers: { host: new URL(origin).host },
    }),
  );
}

async function serverChangesView(version: number) {
  probe.changeView(version);
  const connection = (await getRegistry()).getFor('probe', 'local');
  if (!connection) throw new Error('probe is not registered');
  await connection.reconnect();
}

async function openReview() {
  const opened = await review.GET(
    new Request(`http://localhost:3000/api/servers/probe/views/change?uri=${encodeURIComponent(URI)}`),
    params,
  );
  const body = (await opened.json()) as {
    change: { currentHash: string; pinnedHash: string; after: { csp: { connectDomains?: string[] } } };
  };
  return body.change;
}

function acceptHash(hash: string) {
  return accept.POST(
    new Request('http://localhost:3000/api/servers/probe/views/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri: URI, hash }),
    }),
    params,
  );
}

afterAll(async () => {
  await (await getRegistry()).closeAll();
  await probe.close();
  rmSync(dir, { recursive: true, force: true });
});

// Two reconnects and esbuild's bundle of the probe view: slow on a loaded machine.
describe("a view's HTML is pinned like a tool: the routes serve no changed HTML until it is accepted", () => {
  it('serves the first HTML, refuses a changed one with 409 X_VIEW_CHANGED everywhere, and serves it once accepted', async () => {
    await (await getRegistry()).getFor('probe', 'local')?.connect();
    const first = await read();
    expect(first.status).toBe(200);
    const origin = String(first.body.sandboxOrigin);
    const oldTicket = String(first.body.sandboxTicket);
    expect((await sandboxPage(origin, oldTicket)).status).toBe(200);

    await serverChangesView(2);
    const refused = await read();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'X_VIEW_CHANGED', uri: URI });
    expect(refused.body).not.toHaveProperty('html');
    // No side door: the sandbox page of the HTML trusted before does not open on the changed view's CSP.
    expect((await sandboxPage(origin, oldTicket)).status).toBe(404);

    const change = await openReview();
    expect(change.pinnedHash).toBe(refused.body.pinnedHash);
    expect(change.after.csp.connectDomains).toEqual([CHANGED_VIEW_DOMAIN]);

    // The server changes the view again while the review is open: that Accept is refused.
    await serverChangesView(3);
    expect((await acceptHash(change.currentHash)).status).toBe(409);
    expect((await read()).status).toBe(409);

    expect((await acceptHash((await openReview()).currentHash)).status).toBe(200);
    const served = await read();
    expect(served.status).toBe(200);
    expect(String(served.body.html)).toContain('probe view version 3');
    expect((await sandboxPage(origin, String(served.body.sandboxTicket))).status).toBe(200);
  }, 60_000);
});
