import { randomUUID } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import { invitedAccount } from './helpers/operator';
import { HOSTED_HOST_PORT, HOSTED_SECOND_PORT } from './ports';

// Per-user limits; the hosted deployment under test allows 8 tool calls a
// minute (tests/e2e/hosted.config.json) and runs two instances on one database and one Redis.
const ORIGIN = `http://localhost:${HOSTED_HOST_PORT}`;
const INSTANCES = [ORIGIN, `http://localhost:${HOSTED_SECOND_PORT}`];

function signedIn(browser: Browser) {
  return invitedAccount(browser, ORIGIN, `Limits ${randomUUID().slice(0, 6)}`);
}

test('the tool-call limit holds across both instances: 429 with Retry-After; another user is not held back', async ({
  browser,
}) => {
  const one = await signedIn(browser);
  const other = await signedIn(browser);
  const call = { serverId: 'restaurant', toolName: 'search_restaurants', args: {}, surface: 'model' };
  // The session cookie is the deployment's: either instance serves the user, as behind a load balancer.
  for (let i = 0; i < 8; i++) {
    const instance = INSTANCES[i % 2];
    const answer = await one.request.post(`${instance}/api/tools/call`, { data: call });
    expect(answer.status(), `call ${i + 1} through ${instance}`).toBe(200);
  }
  const refused = await one.request.post(`${INSTANCES[1]}/api/tools/call`, { data: call });
  expect(refused.status()).toBe(429);
  const wait = Number(refused.headers()['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  expect(await refused.json()).toMatchObject({
    error: expect.stringContaining('Too many tool calls: at most 8 a minute'),
    retryAfterSeconds: wait,
  });
  expect((await one.request.post(`${INSTANCES[0]}/api/tools/call`, { data: call })).status()).toBe(429);
  expect((await other.request.post(`${INSTANCES[1]}/api/tools/call`, { data: call })).status()).toBe(200);
  await one.close();
  await other.close();
});
