import { expect, test } from '@playwright/test';
import { virtualAuthenticator } from './helpers/webauthn';
import { SignInPage } from './pages/sign-in-page';
import { HOSTED_HOST_PORT } from './ports';

// Issue 16 item 2: hosted mode (AUTH_MODE=passkey) on its own host and PostgreSQL database.
test.use({ baseURL: `http://localhost:${HOSTED_HOST_PORT}` });

test.describe('issue 16: passkey sign-in in hosted mode', () => {
  test('signed out, pages lead to sign-in and the API answers 401; health needs no session', async ({
    page,
    request,
  }) => {
    expect((await request.get('/api/conversations')).status()).toBe(401);
    expect((await request.post('/api/chat', { data: {} })).status()).toBe(401);
    // A forged user header is dropped by the proxy: it names no one.
    const forged = await request.get('/api/conversations', { headers: { 'x-mcplet-user-id': 'local' } });
    expect(forged.status()).toBe(401);
    expect((await request.get('/healthz')).status()).toBe(200);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', passkeyServer: 'ok' },
    });

    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    await expect(new SignInPage(page).panel).toBeVisible();
  });

  test('sign-up with a passkey, sign-out, and sign-in again with it; the session ends on the server', async ({
    page,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const signIn = new SignInPage(page);
    await page.goto('/settings');
    await signIn.signUp('Ada Lovelace');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(signIn.accountName()).toHaveText('Ada Lovelace');
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect((await page.request.get('/api/conversations')).status()).toBe(200);

    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await signIn.signOut();
    expect((await page.request.get('/api/conversations')).status()).toBe(401);
    // The old cookie, replayed, no longer opens anything: sign-out ended the session on the server.
    const replay = await page.request.get('/api/conversations', {
      headers: { cookie: `${session?.name}=${session?.value}` },
    });
    expect(replay.status()).toBe(401);

    await signIn.signIn();
    await expect(page).toHaveURL(/\/$/);
    await expect(signIn.accountName()).toHaveText('Ada Lovelace');
  });

  test('a cancelled ceremony changes nothing and says so', async ({ page }) => {
    const authenticator = await virtualAuthenticator(page);
    const signIn = new SignInPage(page);
    await signIn.open();
    // No credential on this authenticator: the browser's prompt ends without one.
    await signIn.signIn();
    await expect(signIn.message()).toContainText('Signing in was cancelled; nothing changed.');
    expect(await authenticator.credentials()).toHaveLength(0);
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn.panel.getByTestId('sign-up-passkey').click();
    await expect(signIn.message()).toHaveText('Enter a name for the account.');
  });
});
