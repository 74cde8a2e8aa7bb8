import type { ChildProcess } from 'node:child_process';
import { expect, test, token } from './fixtures';
import { freePort, startProcess } from './helpers/processes';
import { ServerSignIn } from './pages/server-sign-in';
import { ToolCards } from './pages/tool-cards';

let child: ChildProcess;
let control: string;
let issuer: string;
let mcpUrl: string;
let rsOrigin: string;

test.beforeAll(async () => {
  const [port, asPort, rsPort] = await Promise.all([freePort(), freePort(), freePort()]);
  child = await startProcess(
    'tests/fixtures/oauth/main.ts',
    { AS_PORT: String(asPort), RS_PORT: String(rsPort) },
    port,
  );
  control = `http://127.0.0.1:${port}`;
  issuer = `http://localhost:${asPort}`;
  rsOrigin = `http://localhost:${rsPort}`;
  mcpUrl = `${rsOrigin}/mcp`;
});

test.afterAll(() => {
  child.kill();
});

async function fixtureState(): Promise<{ accepted: number; tokenRequests: string[] }> {
  return (await fetch(`${control}/state`)).json() as Promise<{ accepted: number; tokenRequests: string[] }>;
}

test.describe('OAuth 2.1 sign-in to an MCP server (a real authorization server: oidc-provider)', () => {
  test('Connect → login and consent → callback: the tools are admitted and the scopes shown; an expired token is refreshed; a revoked one returns to Connect, on the chat card too; Disconnect forgets it', async ({
    page,
    servers,
    chat,
    fakeModel,
  }) => {
    test.setTimeout(90_000);
    const id = `oauth-${Date.now().toString(36).slice(-6)}`;
    expect(
      (await servers.register({ id, transport: { type: 'http', url: mcpUrl }, admission: 'annotations' }))
        .status,
    ).toBe(201);
    const signIn = new ServerSignIn(page, id);
    await signIn.preview.open();
    await expect(signIn.state()).toHaveAttribute('data-state', 'needed');
    await expect(signIn.preview.server(id).getByTestId('server-status')).toContainText(
      'authorization required',
    );

    await signIn.connect();
    await signIn.consentAt(issuer);
    await expect(page).toHaveURL(/\/preview$/);
    await expect(signIn.outcome()).toHaveAttribute('data-ok', 'true');
    await expect(signIn.state()).toHaveAttribute('data-state', 'signed-in');
    await expect(signIn.scope()).toContainText('tools:read');
    await expect(signIn.preview.admitted(id, 'whoami')).toBeVisible();
    expect((await fixtureState()).tokenRequests).toEqual(['authorization_code']);

    // The server now refuses the token as expired: the next call refreshes it and succeeds.
    await fetch(`${control}/expire`, { method: 'POST' });
    await signIn.preview.tryIt(id, 'whoami');
    await signIn.preview.call(id, 'whoami');
    await expect(signIn.preview.admitted(id, 'whoami').getByTestId('call-response')).toContainText(
      'signed in as ada',
    );
    expect((await fixtureState()).tokenRequests).toEqual(['authorization_code', 'refresh_token']);

    // Everything revoked at the authorization server: the refresh fails, the card asks to Connect again.
    await fetch(`${control}/revoke-all`, { method: 'POST' });
    await fetch(`${control}/expire`, { method: 'POST' });
    await signIn.preview.server(id).getByRole('button', { name: 'Reconnect' }).click();
    await expect(signIn.state()).toHaveAttribute('data-state', 'needed');

    // In the chat, a call to the signed-out server fails with Connect on its card, which signs in
    // and comes back to the conversation.
    const t = token('whoami');
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: `${id}__whoami`, arguments: {} }] },
      { kind: 'text', chunks: ['It needs you to sign in.'] },
    ]);
    await chat.open();
    await chat.send(`Who am I ${t}`);
    const cards = new ToolCards(page);
    await expect(cards.card('whoami')).toContainText('requires authorization (HTTP 401)');
    await page.waitForURL(/\/c\//);
    const conversation = page.url();
    await cards.connect('whoami').click();
    await signIn.consentAt(issuer);
    await expect(signIn.outcome()).toHaveAttribute('data-ok', 'true');
    await expect(page).toHaveURL(conversation);
    await signIn.preview.open();
    await expect(signIn.state()).toHaveAttribute('data-state', 'signed-in');
    await signIn.disconnect();
    await expect(signIn.state()).toHaveAttribute('data-state', 'needed');
  });

  test('metadata naming a link-local authorization server, or a javascript: authorization endpoint, is refused and the browser stays on the host', async ({
    page,
    servers,
  }) => {
    const stamp = Date.now().toString(36).slice(-5);
    for (const [id, path, reason] of [
      [`ll-${stamp}`, '/evil-link-local/mcp', /link-local/],
      [`js-${stamp}`, '/evil-js/mcp', /javascript|refused|invalid/i],
    ] as const) {
      expect(
        (
          await servers.register({
            id,
            transport: { type: 'http', url: `${rsOrigin}${path}` },
            admission: 'annotations',
          })
        ).status,
      ).toBe(201);
      const signIn = new ServerSignIn(page, id);
      await signIn.preview.open();
      await signIn.connect();
      await expect(signIn.error()).toContainText(reason);
      await expect(page).toHaveURL(/\/preview$/);
    }
  });
});
