import { startHostileServer } from '../fixtures/mcp/hostile-server';
import { startProbeServer } from '../fixtures/mcp/probe-server';
import { expect, test, token } from './fixtures';
import { rawRequest } from './helpers/raw-http';
import { Views } from './pages/views';
import { HOST_PORT } from './ports';

const PROBE_VIEW = 'ui://probe/view.html';

async function sandboxOriginOf(
  request: import('@playwright/test').APIRequestContext,
  server: string,
  uri: string,
): Promise<URL> {
  return (await sandboxOf(request, server, uri)).origin;
}

/** A view's sandbox origin and the ticket that opens its page, as the host gives them to its own pages. */
async function sandboxOf(
  request: import('@playwright/test').APIRequestContext,
  server: string,
  uri: string,
): Promise<{ origin: URL; ticket: string }> {
  const response = await request.get(
    `/api/apps/ui-resource?server=${encodeURIComponent(server)}&uri=${encodeURIComponent(uri)}`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { sandboxOrigin: string; sandboxTicket: string };
  return { origin: new URL(body.sandboxOrigin), ticket: body.sandboxTicket };
}

test.describe('view isolation: each MCP server has its views in an origin of its own', () => {
  test("a hostile view cannot read, script, listen to, navigate or post as another server's view", async ({
    chat,
    fakeModel,
    page,
    request,
    servers,
  }) => {
    const probe = await startProbeServer();
    const hostile = await startHostileServer();
    try {
      const victimId = token('vic').slice(0, 12);
      const hostileId = token('hos').slice(0, 12);
      expect(
        (await servers.register({ id: victimId, transport: { type: 'http', url: probe.url } })).status,
      ).toBe(201);
      expect(
        (await servers.register({ id: hostileId, transport: { type: 'http', url: hostile.url } })).status,
      ).toBe(201);
      const victimOrigin = await sandboxOriginOf(request, victimId, PROBE_VIEW);
      const hostileOrigin = await sandboxOriginOf(request, hostileId, 'ui://hostile/view.html');
      expect(victimOrigin.origin).not.toBe(hostileOrigin.origin);
      expect(victimOrigin.host).toMatch(new RegExp(`^[a-z0-9]+\\.sandbox\\.localhost:${HOST_PORT}$`));

      const t = token('two-views');
      const secret = `VICTIM-SECRET-${t}`;
      await fakeModel.script(t, [
        {
          kind: 'tool-calls',
          calls: [
            { name: `${victimId}__probe_inline`, arguments: { text: secret } },
            { name: `${hostileId}__hostile_view`, arguments: {} },
          ],
        },
        { kind: 'text', chunks: ['Both shown.'] },
      ]);
      await chat.open();
      await chat.send(`Show both ${t}`);
      const views = new Views(page);
      await views.ready(0);
      await views.ready(1);
      const frames = page.getByTestId('view-frame');
      const srcs = await frames.evaluateAll((list) => list.map((f) => (f as HTMLIFrameElement).src));
      const victimIndex = srcs.findIndex((s) => s.includes(`uri=${encodeURIComponent(PROBE_VIEW)}&`));
      const hostileIndex = srcs.findIndex((s) =>
        s.includes(`uri=${encodeURIComponent('ui://hostile/view.html')}&`),
      );
      expect(srcs[victimIndex]).toContain(victimOrigin.origin);
      expect(srcs[hostileIndex]).toContain(hostileOrigin.origin);
      expect(victimIndex).toBeGreaterThanOrEqual(0);
      expect(hostileIndex).toBeGreaterThanOrEqual(0);
      const victim = views.view(victimIndex);
      const attacker = views.view(hostileIndex);
      await expect(victim.getByTestId('result')).toContainText(secret);
      await expect(attacker.getByTestId('ready')).toHaveText('yes');

      await attacker.locator('#attack').click();
      await expect(attacker.getByTestId('report')).not.toBeEmpty();
      expect(Number(await attacker.getByTestId('frames').textContent())).toBeGreaterThanOrEqual(1);
      const report = JSON.parse((await attacker.getByTestId('report').textContent()) ?? '{}') as Record<
        string,
        string[]
      >;
      for (const attempt of ['read-proxy', 'read-view', 'script-view', 'listen-view']) {
        expect(report[attempt]?.length, attempt).toBeGreaterThan(0);
        for (const outcome of report[attempt] ?? [])
          expect(outcome, attempt).toMatch(/^threw: SecurityError/);
      }
      // Navigation of another frame is refused by the sandbox; the victim's proxy stays where it was.
      for (const outcome of report.navigate ?? []) expect(outcome).toMatch(/^threw/);
      const victimProxy = page.frames().find((f) => f.url().startsWith(victimOrigin.origin));
      expect(victimProxy?.url()).toMatch(
        new RegExp(`^${victimOrigin.origin}/sandbox\\?uri=${encodeURIComponent(PROBE_VIEW)}&t=[^&]+$`),
      );
      await expect(victim.getByTestId('result')).toContainText(secret);
      // JSON-RPC posted as the other view reaches neither the victim's proxy nor the host.
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      expect(probe.calls).not.toContain('probe_action');
      // The host's messages to the victim never reached the attacker.
      expect(
        (await attacker
          .getByTestId('seen')
          .textContent()
          .catch(() => '')) ?? '',
      ).not.toContain(secret);
      await victim.locator('#own-tool').click();
      await expect(victim.getByTestId('own-tool-result')).toHaveText('probe_echo: from the view');
      expect(
        (await attacker
          .getByTestId('seen')
          .textContent()
          .catch(() => '')) ?? '',
      ).not.toContain('from the view');
    } finally {
      await hostile.close();
      await probe.close();
    }
  });

  test("the proxy page takes its CSP from the host's record, never from the request", async ({
    request,
    servers,
  }) => {
    const probe = await startProbeServer();
    try {
      const id = token('csp').slice(0, 12);
      await servers.register({ id, transport: { type: 'http', url: probe.url } });
      const { origin, ticket } = await sandboxOf(request, id, PROBE_VIEW);
      const wide = encodeURIComponent(JSON.stringify({ connectDomains: ['https://evil.example'] }));
      const page = await rawRequest(
        HOST_PORT,
        `/sandbox?uri=${encodeURIComponent(PROBE_VIEW)}&csp=${wide}&t=${encodeURIComponent(ticket)}`,
        { host: origin.host },
      );
      expect(page.status).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'none'");
      expect(csp).not.toContain('evil.example');
      expect(csp).toContain(`frame-ancestors http://localhost:${HOST_PORT}`);
      // A view that no admitted tool of this server declares, or another server's, is not served here.
      const foreign = await rawRequest(
        HOST_PORT,
        `/sandbox?uri=${encodeURIComponent('ui://restaurant/search.html')}&t=${encodeURIComponent(ticket)}`,
        {
          host: origin.host,
        },
      );
      expect(foreign.status).toBe(404);
      // Without the host's ticket for this view, the page is not served and nothing is read
      // from the server (its CSP is not told either).
      for (const t of [
        '',
        '&t=',
        `&t=${encodeURIComponent(ticket.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`,
      ]) {
        const unticketed = await rawRequest(HOST_PORT, `/sandbox?uri=${encodeURIComponent(PROBE_VIEW)}${t}`, {
          host: origin.host,
        });
        expect(unticketed.status, t || 'no ticket').toBe(404);
        expect(unticketed.headers['content-security-policy']).toBeUndefined();
      }
      // A label no server has, and the sandbox origin's other paths, serve nothing.
      expect(
        (await rawRequest(HOST_PORT, '/sandbox', { host: `deadbeef.sandbox.localhost:${HOST_PORT}` })).status,
      ).toBe(404);
      expect((await rawRequest(HOST_PORT, '/api/conversations', { host: origin.host })).status).toBe(404);
      expect((await rawRequest(HOST_PORT, '/', { host: origin.host })).status).toBe(404);
      expect((await request.get('/sandbox')).status()).toBe(404);
    } finally {
      await probe.close();
    }
  });
});

test.describe('DNS rebinding: the host answers only to its own names', () => {
  const foreign = [`evil.example:${HOST_PORT}`, 'evil.example', `127.0.0.1:${HOST_PORT}`];

  test('pages and the API refuse a foreign Host, GET and POST, with and without Origin', async ({
    request,
  }) => {
    for (const host of foreign) {
      for (const path of ['/', '/preview', '/api/conversations', '/api/servers', '/audit']) {
        const got = await rawRequest(HOST_PORT, path, { host });
        expect(got.status, `GET ${path} as ${host}`).toBe(421);
        expect(got.body).not.toContain('"conversations"');
      }
      for (const origin of [undefined, `http://${host}`]) {
        const posted = await rawRequest(HOST_PORT, '/api/servers', {
          host,
          method: 'POST',
          headers: origin ? { origin } : {},
          body: JSON.stringify({ id: 'rebound', transport: { type: 'http', url: 'http://127.0.0.1:9/mcp' } }),
        });
        expect(posted.status, `POST as ${host} with origin ${origin}`).toBe(421);
      }
    }
    const listed = (await (await request.get('/api/servers')).json()) as { servers: Array<{ id: string }> };
    expect(listed.servers.map((s) => s.id)).not.toContain('rebound');
    // Its own name still works.
    expect(
      (await rawRequest(HOST_PORT, '/api/conversations', { host: `localhost:${HOST_PORT}` })).status,
    ).toBe(200);
  });

  test('the lane: the chat and tool-call routes, answered past Next, meet the same front door', async () => {
    const own = `localhost:${HOST_PORT}`;
    const routes = ['/api/chat', '/api/tools/call'];
    // A route's first request goes through Next, whose loading of the route opens its lane.
    for (const path of routes) {
      const opened = await rawRequest(HOST_PORT, path, { host: own, method: 'POST', body: '{}' });
      expect(opened.status, path).toBe(400);
    }
    for (const path of routes) {
      const laned = await rawRequest(HOST_PORT, path, { host: own, method: 'POST', body: '{}' });
      expect(laned.status, path).toBe(400);
      // Next varies every answer on its router headers; the lane's answers do not: the lane answered.
      expect(String(laned.headers.vary ?? ''), path).not.toContain('rsc');
      expect(laned.headers['x-frame-options'], path).toBe('DENY');
      expect(laned.headers['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
      for (const host of foreign) {
        const rebound = await rawRequest(HOST_PORT, path, { host, method: 'POST', body: '{}' });
        expect(rebound.status, `POST ${path} as ${host}`).toBe(421);
      }
      const sandboxed = await rawRequest(HOST_PORT, path, {
        host: `deadbeef.sandbox.localhost:${HOST_PORT}`,
        method: 'POST',
        body: '{}',
      });
      expect(sandboxed.status, `POST ${path} from a sandbox origin`).toBe(404);
      const crossSite = await rawRequest(HOST_PORT, path, {
        host: own,
        method: 'POST',
        headers: { origin: 'http://evil.example' },
        body: '{}',
      });
      expect(crossSite.status, `cross-site POST ${path}`).toBe(403);
    }
  });
});
