import type { ChildProcess } from 'node:child_process';
import { expect, test, token } from './fixtures';
import { startNpmServer } from './helpers/processes';
import { ActionLog } from './pages/action-log';
import { GateDialog } from './pages/gate-dialog';
import { NoticeToast } from './pages/notice-toast';
import { SettingsPage } from './pages/settings-page';
import { Views } from './pages/views';

let child: ChildProcess;
let url: string;

test.beforeAll(async () => {
  ({ child, url } = await startNpmServer('@modelcontextprotocol/server-system-monitor'));
});

test.afterAll(() => {
  child.kill();
});

const REMEMBERED = /approved by a remembered rule \(while the view is open\)/;

type Fixtures = Parameters<Parameters<typeof test>[2]>[0];

/**
 * Adds the system monitor with this admission, has the model open its view, and approves that
 * call: the server's id and the gate dialog it leaves, still drawing whatever the view asks next.
 */
async function openMonitor(
  { chat, fakeModel, servers, page }: Pick<Fixtures, 'chat' | 'fakeModel' | 'servers' | 'page'>,
  registration: { admission: 'overlay' | 'annotations'; overlay?: Record<string, unknown> },
  scopes?: string[],
): Promise<{ id: string; gate: GateDialog }> {
  const id = token('sysmon').slice(0, 12);
  expect((await servers.register({ id, transport: { type: 'http', url }, ...registration })).status).toBe(
    201,
  );
  const t = token('stats');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${id}__get-system-info`, arguments: {} }] },
    { kind: 'text', chunks: ['Here is the system monitor.'] },
  ]);
  await chat.open();
  await chat.send(`Show the system monitor ${t}`);
  const gate = new GateDialog(page);
  // The model's call asks either way: an action by overlay, no readOnlyHint under annotations.
  await expect(gate.root).toHaveAttribute('data-tool', 'get-system-info');
  if (scopes) expect(await gate.offeredScopes()).toEqual(scopes);
  await gate.approve();
  await new Views(page).ready();
  return { id, gate };
}

test('"allow while this view is open" stops the dialogs of a polling view (server-system-monitor from npm); revoking the rule brings them back', async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  test.setTimeout(90_000);
  // Host configuration makes the app-only poll an MCPlet action, so each call asks (overlay admission).
  const overlay = {
    'get-system-info': {
      mcpletType: 'action',
      visibility: ['model', 'app'],
      auth: { required: 'confirmation', enforcement: 'host-only' },
    },
    'poll-system-stats': { mcpletType: 'action', visibility: ['app'] },
  };
  // A model's call: remembered for this conversation, or always.
  const { id, gate } = await openMonitor(
    { chat, fakeModel, servers, page },
    { admission: 'overlay', overlay },
    ['once', 'conversation', 'always'],
  );

  // Declared an action: the app-only poll is a confirm-level call, every 2 s.
  await expect(gate.root).toHaveAttribute('data-tool', 'poll-system-stats');
  expect(await gate.offeredScopes()).toEqual(['once', 'view', 'always']);
  await gate.approveRemembering('view');

  const other = await page.context().newPage();
  const log = new ActionLog(other);
  // The rule is in effect once a poll is logged as approved by it.
  await expect
    .poll(() => log.count('poll-system-stats', REMEMBERED, id), { timeout: 30_000 })
    .toBeGreaterThan(0);
  // A poll that was asked before the rule existed still waits at its own dialog: answer it once.
  while (await gate.root.isVisible()) await gate.approve();
  await GateDialog.startCounting(page);
  const before = await log.count('poll-system-stats', REMEMBERED, id);
  // Three more polls reach the server with no dialog in between.
  await expect
    .poll(() => log.count('poll-system-stats', REMEMBERED, id), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(before + 3);
  expect(await GateDialog.counted(page)).toBe(0);
  await expect(gate.root).toHaveCount(0);

  const settings = new SettingsPage(other);
  await settings.open();
  await expect(settings.rule('poll-system-stats')).toHaveAttribute('data-scope', 'view');
  await settings.revoke('poll-system-stats');
  const revokedAt = await log.count('poll-system-stats', REMEMBERED, id);

  // The next poll asks again.
  await expect(gate.root).toHaveAttribute('data-tool', 'poll-system-stats', { timeout: 30_000 });
  expect(await GateDialog.counted(page)).toBeGreaterThan(0);
  expect(await log.count('poll-system-stats', REMEMBERED, id)).toBeLessThanOrEqual(revokedAt + 1);
  await gate.cancel();
});

test("a view's own app-only poll under annotations admission raises no dialog: 30 s of polls (server-system-monitor from npm), one notice, every call in the card's log and the action log", async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  test.setTimeout(120_000);
  const { id, gate } = await openMonitor({ chat, fakeModel, servers, page }, { admission: 'annotations' });
  const views = new Views(page);
  await GateDialog.startCounting(page);

  const log = new ActionLog(await page.context().newPage());
  const before = await log.count('poll-system-stats', undefined, id);
  // The view polls every 2 s: fifteen polls are 30 s of it, with no dialog drawn.
  await expect
    .poll(async () => (await log.count('poll-system-stats', undefined, id)) - before, { timeout: 75_000 })
    .toBeGreaterThanOrEqual(15);
  expect(await GateDialog.counted(page)).toBe(0);
  await expect(gate.root).toHaveCount(0);
  await expect(
    log.stored('poll-system-stats', 'ok').filter({ hasText: 'notify' }).filter({ hasText: id }).first(),
  ).toBeVisible();

  // One notice for the tool, counting its calls, not a stack of them.
  const notices = new NoticeToast(page);
  await expect(notices.of('poll-system-stats')).toHaveCount(1);
  expect(Number(await notices.of('poll-system-stats').getAttribute('data-count'))).toBeGreaterThanOrEqual(15);
  await expect(page.getByTestId('notice-toast')).toHaveCount(1);
  // The card's log names the calls.
  await views.toolbarButton('View log').click();
  await expect(views.container().getByTestId('view-log')).toContainText('view called poll-system-stats');
});
