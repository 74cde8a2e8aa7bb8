import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, test, token } from './fixtures';
import { actionLog } from './helpers/action-log';
import { invitedAccount } from './helpers/operator';
import { summaries } from './helpers/restaurants';
import { ChatPage } from './pages/chat-page';
import { GateDialog } from './pages/gate-dialog';
import { SignInPage } from './pages/sign-in-page';
import { ToolCards } from './pages/tool-cards';
import { Views } from './pages/views';
import { HOSTED_HOST_PORT, HOSTED_SECOND_PORT } from './ports';

// Two instances, one deployment (one PostgreSQL, one Redis, one session secret).
// The session cookie is the deployment's: either instance serves the user, as behind a load balancer.
const ONE = `http://localhost:${HOSTED_HOST_PORT}`;
const TWO = `http://localhost:${HOSTED_SECOND_PORT}`;

let account: BrowserContext;
let name: string;

test.beforeEach(async ({ browser }) => {
  name = `Instances ${randomUUID().slice(0, 6)}`;
  account = await invitedAccount(browser, ONE, name);
});

test.afterEach(async () => {
  await account.close();
});

test("a view's gate opened through one instance is answered through the other, and the call is dispatched once", async () => {
  const started = await account.request.post(`${ONE}/api/tools/call`, {
    data: { serverId: 'vault', toolName: 'create_api_key', args: { name: 'two-instances' }, surface: 'app' },
  });
  expect(started.status()).toBe(202);
  const { gate } = (await started.json()) as { gate: { id: string } };
  const answered = await account.request.post(`${TWO}/api/gates/${gate.id}`, { data: { approved: true } });
  expect(answered.status()).toBe(200);
  expect(await answered.json()).toMatchObject({ ok: true, result: expect.anything() });
  // The answer is spent: neither instance takes it again, so nothing is sent a second time.
  for (const instance of [ONE, TWO]) {
    const again = await account.request.post(`${instance}/api/gates/${gate.id}`, {
      data: { approved: true },
    });
    expect(again.status(), `a second answer through ${instance}`).toBe(409);
  }
  expect(await actionLog(name, 'create_api_key')).toEqual(['ok']);
});

test("a model's call waiting at its gate on one instance wakes when the user answers through the other", async ({
  fakeModel,
}) => {
  const t = token('two-instances');
  await fakeModel.script(`create ${t}`, [
    { kind: 'tool-calls', calls: [{ name: 'vault__create_api_key', arguments: { name: t } }] },
    { kind: 'text', chunks: [`Created ${t}.`] },
  ]);
  const page = await account.newPage();
  const chat = new ChatPage(page);
  await chat.open(`${ONE}/`);
  await chat.send(`create ${t}`);
  const card = new ToolCards(page).card('create_api_key');
  await expect(card).toHaveAttribute('data-state', 'approval-requested');
  const gate = new GateDialog(page);
  const id = await gate.root.getAttribute('data-gate-id');
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const answered = await account.request.post(`${TWO}/api/gates/${id}`, { data: { approved: true } });
  expect(answered.status()).toBe(200);
  // The turn running on the first instance spends the approval and dispatches the call there.
  await expect(card).toHaveAttribute('data-state', 'output-available');
  await expect(chat.lastAssistant()).toContainText(`Created ${t}.`);
  expect((await account.request.post(`${ONE}/api/gates/${id}`, { data: { approved: true } })).status()).toBe(
    409,
  );
  expect(await actionLog(name, 'create_api_key')).toEqual(['ok']);
});

test('10.6: a derived result accepted in a turn on one instance is reported used through the other', async ({
  fakeModel,
}) => {
  const page = await account.newPage();
  const chat = new ChatPage(page);
  await chat.open(`${ONE}/`);
  const search = token('search');
  await fakeModel.script(search, [
    { kind: 'tool-calls', calls: [{ name: 'restaurant__search_restaurants', arguments: { limit: 20 } }] },
    { kind: 'text', chunks: ['Here they are.'] },
  ]);
  await chat.send(`Search ${search}`);
  const views = new Views(page);
  await views.ready();
  // The view's own report is held back: the report goes to the other instance instead, as a load
  // balancer may send it.
  await page.route('**/api/derived/*', (route) => route.abort());
  const heldBack = page.waitForRequest((r) => r.url().includes('/api/derived/'));
  const cheap = summaries((r) => r.priceLevel <= 2);
  const refine = token('derived');
  await fakeModel.script(refine, [
    {
      kind: 'tool-calls',
      calls: [
        {
          name: 'mcplet_set_tool_result',
          arguments: {
            toolId: 'restaurant__search_restaurants',
            result: { query: { maxPrice: 2 }, results: cheap, total: cheap.length },
            revision: 1,
            ttlSeconds: 20,
          },
        },
      ],
    },
    { kind: 'text', chunks: ['Done.'] },
  ]);
  await chat.send(`Refine ${refine}`);
  await expect(views.view().getByTestId('restaurant')).toHaveCount(cheap.length);
  const id = decodeURIComponent(new URL((await heldBack).url()).pathname.split('/').pop() ?? '');
  type Attempts = { attempts: Array<{ id: string; conversationId: string; state: string }> };
  const before = ((await (await account.request.get(`${ONE}/api/derived`)).json()) as Attempts).attempts;
  const attempt = before.find((a) => a.id === id);
  expect(attempt).toMatchObject({ state: 'pending' });
  const report = await account.request.post(`${TWO}/api/derived/${encodeURIComponent(id)}`, {
    data: { conversationId: attempt?.conversationId, state: 'consumed' },
  });
  expect(report.status(), await report.text()).toBe(200);
  expect(await report.json()).toEqual({ state: 'consumed' });
  const after = ((await (await account.request.get(`${ONE}/api/derived`)).json()) as Attempts).attempts;
  expect(after.find((a) => a.id === id)).toMatchObject({ state: 'consumed' });
});

test('a reload the load balancer sends to the other instance picks the running reply up, and it ends complete', async ({
  fakeModel,
}) => {
  const t = token('relay');
  // Long enough (about 12 s) to be still running when the second page has loaded.
  const chunks = Array.from({ length: 60 }, (_, i) => `part${i} `);
  await fakeModel.script(t, [{ kind: 'text', chunks, delayMs: 200 }]);
  const page = await account.newPage();
  const chat = new ChatPage(page);
  await chat.open(`${ONE}/`);
  await chat.send(`Tell it slowly ${t}`);
  await expect(chat.lastAssistant()).toContainText('part2');
  await page.waitForURL(/\/c\//);
  const path = new URL(page.url()).pathname;
  // The same user, the same conversation, now served by the other instance.
  const elsewhere = new ChatPage(await account.newPage());
  const resumed = elsewhere.page.waitForResponse((r) => r.url().endsWith('/stream'));
  await elsewhere.open(`${TWO}${path}`);
  // The second instance relays the turn the first runs (a 204 would mean it found none running).
  expect((await resumed).status()).toBe(200);
  await expect(elsewhere.lastAssistant()).toContainText('part59', { timeout: 20_000 });
  await elsewhere.waitIdle();
  await expect(elsewhere.assistantMessages()).toHaveCount(1);
  await expect(elsewhere.lastAssistant().getByTestId('reply-stopped')).toHaveCount(0);
  await expect(elsewhere.lastAssistant()).toContainText('part0 part1 part2');
});

test('Stop through the other instance ends the reply running on the first', async ({ fakeModel }) => {
  const t = token('relay-stop');
  const chunks = Array.from({ length: 40 }, (_, i) => `word${i} `);
  await fakeModel.script(t, [{ kind: 'text', chunks, delayMs: 100 }]);
  const conversation = randomUUID();
  const turn = account.request.post(`${ONE}/api/chat`, {
    data: {
      id: conversation,
      trigger: 'submit-message',
      message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: `Go on ${t}` }] },
    },
  });
  // Stop answers `stopped: false` until the turn runs (on the first instance).
  await expect
    .poll(async () => (await account.request.delete(`${TWO}/api/chat/${conversation}/stream`)).json())
    .toEqual({ stopped: true });
  // Stopped wherever it was (perhaps before its first word): it ends aborted, never complete.
  const text = await (await turn).text();
  expect(text).toContain('"type":"abort"');
  expect(text).not.toContain('word39');
  // For a while after, a resume through either instance replays the stopped reply, never more of it.
  const resumed = await account.request.get(`${TWO}/api/chat/${conversation}/stream`);
  expect(resumed.status()).toBe(200);
  const replay = await resumed.text();
  expect(replay).toContain('"type":"abort"');
  expect(replay).not.toContain('word39');
});

test('a session ended through one instance is over on the other at once (no cached sessions)', async ({
  playwright,
}) => {
  const cookies = await account.cookies(ONE);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // The same cookie, replayed from outside the browser: as a copy someone kept would be.
  const replay = await playwright.request.newContext({ extraHTTPHeaders: { cookie } });
  try {
    for (const instance of [ONE, TWO])
      expect((await replay.get(`${instance}/api/conversations`)).status(), instance).toBe(200);
    const [page] = account.pages();
    if (!page) throw new Error('the account has no page');
    await new SignInPage(page).signOut();
    for (const instance of [TWO, ONE])
      expect((await replay.get(`${instance}/api/conversations`)).status(), instance).toBe(401);
  } finally {
    await replay.dispose();
  }
});
