import { randomUUID } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import { invitedAccount } from './helpers/operator';
import { PER_USER_SERVER_ID } from './hosted-env';
import { ServerSignIn } from './pages/server-sign-in';
import { HOSTED_HOST_PORT, HOSTED_OAUTH_AS_PORT, HOSTED_OAUTH_PORT } from './ports';

// An operator's server with "perUser": true (hosted-env.ts writes the deployment's
// host.config.json) behind a real authorization server (oidc-provider, tests/fixtures/oauth).
const ORIGIN = `http://localhost:${HOSTED_HOST_PORT}`;
const ISSUER = `https://localhost:${HOSTED_OAUTH_AS_PORT}`;

async function accepted(): Promise<number> {
  const state = (await (await fetch(`http://127.0.0.1:${HOSTED_OAUTH_PORT}/state`)).json()) as {
    accepted: number;
  };
  return state.accepted;
}

// The authorization server's certificate is the run's own, self-signed (hosted-env.ts).
function signedIn(browser: Browser, who: string) {
  return invitedAccount(browser, ORIGIN, `${who} ${randomUUID().slice(0, 6)}`, { ignoreHTTPSErrors: true });
}

test("a perUser operator server: each user signs in to their own connection; another user's stays signed out and reaches nothing", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ada = await signedIn(browser, 'Ada');
  const bob = await signedIn(browser, 'Bob');
  const adaSignIn = new ServerSignIn(ada.pages()[0] ?? (await ada.newPage()), PER_USER_SERVER_ID);
  const bobSignIn = new ServerSignIn(bob.pages()[0] ?? (await bob.newPage()), PER_USER_SERVER_ID);

  await adaSignIn.preview.open();
  await expect(adaSignIn.state()).toHaveAttribute('data-state', 'needed');
  await adaSignIn.connect();
  await adaSignIn.consentAt(ISSUER);
  await expect(adaSignIn.page).toHaveURL(/\/preview$/);
  await expect(adaSignIn.outcome()).toHaveAttribute('data-ok', 'true');
  await expect(adaSignIn.state()).toHaveAttribute('data-state', 'signed-in');
  await adaSignIn.preview.tryIt(PER_USER_SERVER_ID, 'whoami');
  await adaSignIn.preview.call(PER_USER_SERVER_ID, 'whoami');
  await expect(
    adaSignIn.preview.admitted(PER_USER_SERVER_ID, 'whoami').getByTestId('call-response'),
  ).toContainText('signed in as ada');

  // Bob's connection is his own: Ada's sign-in is not his, and nothing reaches the server for him.
  const tokensBefore = await accepted();
  await bobSignIn.preview.open();
  await expect(bobSignIn.state()).toHaveAttribute('data-state', 'needed');
  await expect(bobSignIn.preview.admitted(PER_USER_SERVER_ID, 'whoami')).toHaveCount(0);
  const call = await bob.request.post('/api/tools/call', {
    data: { serverId: PER_USER_SERVER_ID, toolName: 'whoami', args: {}, surface: 'model' },
  });
  // His connection has no tools until he signs in: the call is refused as unknown, and not sent.
  expect(call.status()).toBe(200);
  expect(await call.json()).toMatchObject({ sent: false, envelope: { error: { code: 'NOT_FOUND' } } });
  // The operator's server is not Bob's to remove; reconnecting his own connection is.
  expect((await bob.request.delete(`/api/servers/${PER_USER_SERVER_ID}`)).status()).toBe(403);
  expect((await bob.request.post(`/api/servers/${PER_USER_SERVER_ID}/reconnect`)).status()).toBe(200);
  expect(await accepted()).toBe(tokensBefore);

  // Ada's connection is untouched by Bob's reconnect: still signed in, still answering as her.
  await adaSignIn.preview.open();
  await expect(adaSignIn.state()).toHaveAttribute('data-state', 'signed-in');
  await ada.close();
  await bob.close();
});
