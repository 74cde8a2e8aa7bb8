import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { violations } from './helpers/axe';
import { operatorLink } from './helpers/operator';
import { rawRequest } from './helpers/raw-http';
import { virtualAuthenticator } from './helpers/webauthn';
import { hostedDatabaseUrl } from './hosted-env';
import { AccountSettings } from './pages/account-settings';
import { SignInPage } from './pages/sign-in-page';
import { HOSTED_HOST_PORT } from './ports';

// Hosted mode (AUTH_MODE=passkey) on its own host and PostgreSQL database; sign-up
// is by invitation there (the default), so accounts start from the operator's `npm run account-link`.
const ORIGIN = `http://localhost:${HOSTED_HOST_PORT}`;
test.use({ baseURL: ORIGIN });

/** A new browser context (another device) with its own authenticator. */
async function device(browser: Browser) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  return { page, authenticator: await virtualAuthenticator(page), signIn: new SignInPage(page) };
}

/** A new account (this page's authenticator, an operator's invitation), with its Settings open. */
async function signedUpInSettings(page: Page, who: string) {
  await virtualAuthenticator(page);
  const name = `${who} ${randomUUID().slice(0, 6)}`;
  await signUpByInvitation(page, name);
  const account = new AccountSettings(page);
  await account.open();
  return { name, account };
}

/** A second device joins the account through a one-time link made in Settings on the first. */
async function joinFromAnotherDevice(browser: Browser, account: AccountSettings, name: string) {
  const url = await account.linkDevice();
  const other = await device(browser);
  await other.page.goto(url);
  await other.signIn.join();
  await expect(other.signIn.accountName()).toHaveText(name);
  return other;
}

async function signUpByInvitation(page: Page, name: string) {
  const invite = operatorLink('invite');
  expect(invite.status, invite.stderr).toBe(0);
  await page.goto(invite.url);
  const signIn = new SignInPage(page);
  await expect(signIn.panel).toContainText('You are invited: create an account');
  expect(await violations(page)).toEqual([]);
  await signIn.signUp(name);
  await expect(signIn.accountName()).toHaveText(name);
  return invite.url;
}

/** The session cookie as the browser holds it, and the session token it carries. */
async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
  if (!cookie) throw new Error('no session cookie');
  return {
    header: `${cookie.name}=${cookie.value}`,
    token: decodeURIComponent(cookie.value).split('.')[0] ?? '',
  };
}

/**
 * The browser's session cookie once rotation has replaced `token`: the hosted host rotates after
 * 10 s (SESSION_ROTATE_SECONDS), and the browser's requests carry the new cookie back.
 */
async function rotatedFrom(page: Page, token: string) {
  await expect
    .poll(
      async () => {
        expect((await page.request.get('/api/conversations')).status()).toBe(200);
        return (await sessionCookie(page.context())).token;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .not.toBe(token);
  return sessionCookie(page.context());
}

/** Seconds until a session token stops signing in, as the database has it. */
async function secondsLeft(token: string): Promise<number | undefined> {
  const db = new pg.Client({ connectionString: hostedDatabaseUrl() });
  await db.connect();
  try {
    const rows = await db.query<{ left: number }>(
      'select extract(epoch from expires_at - now())::float as left from auth_sessions where token = $1',
      [token],
    );
    return rows.rows[0]?.left;
  } finally {
    await db.end();
  }
}

test.describe('passkey sign-in in hosted mode', () => {
  // Each test signs up, often on two devices, with accessibility scans: 40-55 s on a loaded CI run,
  // and one passed 90 s (same steps, same checks): three times the time.
  test.slow();

  test('signed out, pages lead to sign-in and the API answers 401; health needs no session', async ({
    page,
    request,
  }) => {
    expect((await request.get('/api/conversations')).status()).toBe(401);
    expect((await request.post('/api/chat', { data: {} })).status()).toBe(401);
    const forged = await request.get('/api/conversations', { headers: { 'x-mcplet-user-id': 'local' } });
    expect(forged.status()).toBe(401);
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    // Every answer carries a request id (the logs of the request name it); a load balancer's is kept.
    expect(health.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const traced = await request.get('/api/conversations', { headers: { 'x-request-id': 'lb-trace-0042' } });
    expect(traced.headers()['x-request-id']).toBe('lb-trace-0042');
    const odd = await request.get('/healthz', { headers: { 'x-request-id': 'not an id <script>' } });
    expect(odd.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', passkeyServer: 'ok', redis: 'ok' },
    });

    // A probe under a pod's or an address's Host still gets an answer; nothing else does.
    expect((await rawRequest(HOSTED_HOST_PORT, '/readyz', { host: '10.1.2.3:3000' })).status).toBe(200);
    expect((await rawRequest(HOSTED_HOST_PORT, '/api/conversations', { host: '10.1.2.3:3000' })).status).toBe(
      421,
    );

    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    // Sign-up is by invitation: no form, and a registration without one is refused by the server.
    await expect(page.getByTestId('sign-up-closed')).toContainText('by invitation');
    expect(await violations(page)).toEqual([]);
    const refused = await request.get(
      `/api/auth/passkey/generate-register-options?context=${encodeURIComponent('{"name":"Mallory"}')}`,
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('by invitation') });
  });

  test('an invitation makes an account once; sign-out ends the session on the server; the passkey signs in again', async ({
    page,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const signIn = new SignInPage(page);
    const name = `Ada ${randomUUID().slice(0, 6)}`;
    const invitation = await signUpByInvitation(page, name);
    const credentials = await authenticator.credentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    expect((await page.request.get('/api/conversations')).status()).toBe(200);
    const session = (await page.context().cookies()).find((c) => c.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await signIn.signOut();
    expect((await page.request.get('/api/conversations')).status()).toBe(401);
    const replay = await page.request.get('/api/conversations', {
      headers: { cookie: `${session?.name}=${session?.value}` },
    });
    expect(replay.status()).toBe(401);

    await page.goto('/settings');
    await signIn.signIn();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(signIn.accountName()).toHaveText(name);

    // Signed in, a new invitation makes no account (the passkey would join this one): refused, and
    // the invitation is kept for whoever it was meant for.
    const another = operatorLink('invite');
    await page.goto(another.url);
    await signIn.signUp('Someone else');
    // The browser itself stops it first: this authenticator already holds the account's passkey.
    await expect(signIn.message()).toContainText('already holds a passkey for your account');
    // With a new authenticator the server refuses it.
    for (const credential of await authenticator.credentials())
      await authenticator.remove(credential.credentialId);
    await page.goto(another.url);
    await signIn.signUp('Someone else');
    await expect(signIn.message()).toContainText('sign out first');
    await page.goto('/settings');
    await expect(signIn.accountName()).toHaveText(name);

    // The invitation was used: it makes no second account.
    await signIn.signOut();
    await page.goto(another.url);
    await expect(signIn.panel).toContainText('You are invited: create an account');
    await page.goto(invitation);
    await expect(signIn.message()).toHaveText(
      'This link has expired or was already used; ask for a new one.',
    );
    await expect(page.getByTestId('sign-up-closed')).toBeVisible();
  });

  test("a second device's passkey through a one-time link; signing out everywhere else ends that device's session", async ({
    page,
    browser,
  }) => {
    const { name, account } = await signedUpInSettings(page, 'Grace');
    await expect(account.passkeys()).toHaveCount(1);
    const url = await account.linkDevice();
    expect(await violations(page)).toEqual([]);

    const other = await device(browser);
    await other.page.goto(url);
    await expect(other.page.getByTestId('join-account')).toContainText(`${name}'s account`);
    await other.signIn.join();
    await expect(other.signIn.accountName()).toHaveText(name);
    expect(await other.authenticator.credentials()).toHaveLength(1);
    await account.open();
    await expect(account.passkeys()).toHaveCount(2);

    // The link worked once.
    const third = await device(browser);
    await third.page.goto(url);
    await expect(third.signIn.message()).toHaveText(
      'This link has expired or was already used; ask for a new one.',
    );
    await third.page.context().close();

    await account.signOutEverywhereElse();
    expect((await other.page.request.get('/api/conversations')).status()).toBe(401);
    await other.page.reload();
    await expect(other.signIn.panel).toBeVisible();
    expect((await page.request.get('/api/conversations')).status()).toBe(200);
    // The other device keeps its passkey: it signs in again.
    await other.signIn.signIn();
    await expect(other.signIn.accountName()).toHaveText(name);
    await other.page.context().close();
  });

  test("the operator's recovery link adds a passkey for a user who lost theirs, and ends the user's other sessions", async ({
    page,
    browser,
  }) => {
    await virtualAuthenticator(page);
    const name = `Linus ${randomUUID().slice(0, 6)}`;
    await signUpByInvitation(page, name);
    expect(operatorLink('recovery', 'Nobody at all').status).toBe(1);
    const recovery = operatorLink('recovery', name);
    expect(recovery.status, recovery.stderr).toBe(0);

    const fresh = await device(browser);
    await fresh.page.goto(recovery.url);
    await expect(fresh.page.getByTestId('join-account')).toContainText('recovery link');
    expect(await violations(fresh.page)).toEqual([]);
    await fresh.signIn.join();
    await expect(fresh.signIn.accountName()).toHaveText(name);
    expect((await page.request.get('/api/conversations')).status()).toBe(401);
    await fresh.page.context().close();
  });

  test('a passkey removed in settings no longer signs in; the last one cannot be removed', async ({
    page,
    browser,
  }) => {
    const { name, account } = await signedUpInSettings(page, 'Ada');
    await expect(account.passkeys()).toHaveCount(1);
    await expect(account.removeButton(0)).toBeDisabled();
    // The server refuses it too, whatever the page shows.
    const [only] = (await (await page.request.get('/api/auth/passkey/list-user-passkeys')).json()) as Array<{
      id: string;
    }>;
    const refused = await page.request.post('/api/auth/passkey/delete-passkey', {
      headers: { origin: ORIGIN },
      data: { id: only?.id },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message?: string }).message).toBe(
      'This is your only passkey: add another before you remove it, or you could not sign in again.',
    );

    const other = await joinFromAnotherDevice(browser, account, name);
    await account.open();
    await expect(account.passkeys()).toHaveCount(2);
    await account.removePasskey(1);
    await expect(account.passkeys()).toHaveCount(1);
    expect(await violations(page)).toEqual([]);

    // The other device still holds its credential, but the account no longer knows it.
    await other.page.context().clearCookies();
    await other.page.reload();
    await other.signIn.signIn();
    await expect(other.signIn.message()).toHaveText('Passkey not found');
    expect((await other.page.request.get('/api/conversations')).status()).toBe(401);
    await other.page.context().close();

    // The passkey left signs in.
    await page.context().clearCookies();
    await page.goto('/');
    const signIn = new SignInPage(page);
    await signIn.signIn();
    await expect(signIn.accountName()).toHaveText(name);
  });

  test('two removals of the last two passkeys at once: one goes, the other is refused with the reason', async ({
    page,
    browser,
  }) => {
    const { name, account } = await signedUpInSettings(page, 'Grace');
    const other = await joinFromAnotherDevice(browser, account, name);
    const listed = async () =>
      (await (await page.request.get('/api/auth/passkey/list-user-passkeys')).json()) as Array<{
        id: string;
      }>;
    const both = await listed();
    expect(both).toHaveLength(2);
    const answers = await Promise.all(
      both.map((p) =>
        page.request.post('/api/auth/passkey/delete-passkey', {
          headers: { origin: ORIGIN },
          data: { id: p.id },
        }),
      ),
    );
    expect(answers.map((a) => a.status()).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status() === 400);
    if (!refused) throw new Error('no removal was refused');
    expect(((await refused.json()) as { message?: string }).message).toBe(
      'This is your only passkey: add another before you remove it, or you could not sign in again.',
    );
    expect(await listed()).toHaveLength(1);
    await other.page.context().close();
  });

  test('a session gets a new token once it is due; the old one lives only for its grace period, and sign-out ends both', async ({
    page,
    playwright,
  }) => {
    await virtualAuthenticator(page);
    await signUpByInvitation(page, `Rota ${randomUUID().slice(0, 6)}`);
    const first = await sessionCookie(page.context());
    expect(await secondsLeft(first.token)).toBeGreaterThan(6 * 24 * 3600);
    const second = await rotatedFrom(page, first.token);
    expect(await secondsLeft(second.token)).toBeGreaterThan(6 * 24 * 3600);
    expect(await secondsLeft(first.token)).toBeLessThanOrEqual(60);

    // A request still carrying the old token (sent before the new cookie arrived) is served, and is
    // handed the new cookie again.
    const old = await playwright.request.newContext({ extraHTTPHeaders: { cookie: first.header } });
    try {
      const late = await old.get(`${ORIGIN}/api/conversations`);
      expect(late.status()).toBe(200);
      const handedOut = late.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
      expect(handedOut.map((h) => decodeURIComponent(h.value)).join('\n')).toContain(second.token);

      await new SignInPage(page).signOut();
      expect((await old.get(`${ORIGIN}/api/conversations`)).status()).toBe(401);
      const fresh = await playwright.request.newContext({ extraHTTPHeaders: { cookie: second.header } });
      expect((await fresh.get(`${ORIGIN}/api/conversations`)).status()).toBe(401);
      await fresh.dispose();
    } finally {
      await old.dispose();
    }
  });

  test('"sign out everywhere else" sent with a token just replaced ends neither it nor the session that replaced it', async ({
    page,
    playwright,
  }) => {
    await virtualAuthenticator(page);
    await signUpByInvitation(page, `Keep ${randomUUID().slice(0, 6)}`);
    const first = await sessionCookie(page.context());
    const second = await rotatedFrom(page, first.token);
    // The request left with the old cookie, before the new one arrived.
    const late = await playwright.request.newContext({
      extraHTTPHeaders: { cookie: first.header, origin: ORIGIN },
    });
    try {
      const revoked = await late.post(`${ORIGIN}/api/auth/revoke-other-sessions`, { data: {} });
      expect(revoked.status()).toBe(200);
      expect(await secondsLeft(second.token)).toBeGreaterThan(6 * 24 * 3600);
      const current = await playwright.request.newContext({ extraHTTPHeaders: { cookie: second.header } });
      expect((await current.get(`${ORIGIN}/api/conversations`)).status()).toBe(200);
      await current.dispose();
    } finally {
      await late.dispose();
    }
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
  });
});
