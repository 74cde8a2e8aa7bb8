import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, test, token } from './fixtures';
import { actionLog } from './helpers/action-log';
import { invitedAccount } from './helpers/operator';
import { killGroup, waitForOk } from './helpers/processes';
import { HOSTED_SECOND_ENV, hostedDatabaseUrl } from './hosted-env';
import { ChatPage } from './pages/chat-page';
import { GateDialog } from './pages/gate-dialog';
import {
  HOST_PORT,
  HOSTED_DEMO_PORT_BASE,
  HOSTED_HOST_PORT,
  HOSTED_PASSKEY_PORT,
  HOSTED_SECOND_PORT,
} from './ports';

// Approvals that outlive their instance (docs/architecture.md): a model's call waits at its gate on
// an instance of the hosted deployment that is then killed; the user's approval reaches another
// instance. It must not say the call was made: it answers that the request was lost, and nothing
// is dispatched.
const ONE = `http://localhost:${HOSTED_HOST_PORT}`;
const TWO = `http://localhost:${HOSTED_SECOND_PORT}`;
/** A third instance of the same deployment, this test's own, started and killed here. */
const THIRD_PORT = HOST_PORT + 5;
const THREE = `http://localhost:${THIRD_PORT}`;
const LOST_WORDS = 'This request was lost when the server restarted; nothing was sent.';

function startThird(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...HOSTED_SECOND_ENV,
    PORT: String(THIRD_PORT),
    DATA_DIR: '.data/e2e-hosted-3',
    DEMO_PORT_BASE: String(HOSTED_DEMO_PORT_BASE - 20),
    PASSKEY_PORT: String(HOSTED_PASSKEY_PORT + 2),
    DATABASE_URL: hostedDatabaseUrl(),
    SKIP_BUILD: '1',
    LLM_MAX_RETRIES: '0',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    // Its key in Redis lapses about 1.5 s after it dies, so the other instances learn it soon.
    INSTANCE_HEARTBEAT_MS: '500',
  };
  delete env.E2E_FRESH_DATABASE;
  // A process group of its own, so the signal reaches the host server and everything it runs.
  return spawn('npx', ['tsx', 'tests/e2e/serve-host.ts'], { env, detached: true, stdio: 'ignore' });
}

test.describe('a model call whose instance was killed while it waited at its gate', () => {
  let third: ChildProcess | null = null;
  let account: BrowserContext | undefined;

  test.afterEach(async () => {
    if (third) await killGroup(third);
    await account?.close();
  });

  test('approved through another instance: the dialog says the request was lost, and nothing is dispatched', async ({
    browser,
    fakeModel,
  }) => {
    test.setTimeout(300_000);
    third = startThird();
    const name = `Lost ${randomUUID().slice(0, 6)}`;
    account = await invitedAccount(browser, ONE, name);
    await waitForOk(`${THREE}/healthz`);

    const t = token('lost-gate');
    await fakeModel.script(`create ${t}`, [
      { kind: 'tool-calls', calls: [{ name: 'vault__create_api_key', arguments: { name: t } }] },
      { kind: 'text', chunks: [`Created ${t}.`] },
    ]);
    const page = await account.newPage();
    const chat = new ChatPage(page);
    await chat.open(`${THREE}/`);
    await chat.send(`create ${t}`);
    const gate = new GateDialog(page);
    await expect(gate.confirmButton()).toBeVisible();
    const id = await gate.root.getAttribute('data-gate-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The instance running the turn dies; the load balancer sends the user's answer to the first one.
    await page.route('**/api/gates/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      const response = await route.fetch({
        url: `${ONE}${path}`,
        headers: { ...route.request().headers(), origin: ONE },
      });
      await route.fulfill({ response });
    });
    await killGroup(third);

    const answered = page.waitForResponse((r) => r.url().includes(`/api/gates/${id}`));
    await gate.confirmButton().click();
    expect((await answered).status()).toBe(410);
    await expect(gate.root.getByTestId('gate-ended')).toHaveText(LOST_WORDS);
    await gate.root.getByTestId('gate-ended-close').click();
    await expect(gate.root).toHaveCount(0);

    // Ended: a later answer through either live instance is told the same, never ok.
    for (const instance of [ONE, TWO]) {
      const again = await account.request.post(`${instance}/api/gates/${id}`, { data: { approved: true } });
      expect(again.status(), `a second answer through ${instance}`).toBe(410);
      expect(await again.json()).toEqual({ error: LOST_WORDS, lost: true });
    }
    expect(await actionLog(name, 'create_api_key')).toEqual([]);
  });
});
