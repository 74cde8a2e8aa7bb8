import type { ChildProcess } from 'node:child_process';
import { expect, test, token } from './fixtures';
import { startNpmServer } from './helpers/processes';
import { ActionLog } from './pages/action-log';
import { GateDialog } from './pages/gate-dialog';
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

test('issue 11 item 3: "allow while this view is open" stops the dialogs of a polling view (server-system-monitor from npm); revoking the rule brings them back', async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  test.setTimeout(90_000);
  const id = token('sysmon').slice(0, 12);
  expect(
    (await servers.register({ id, transport: { type: 'http', url }, admission: 'annotations' })).status,
  ).toBe(201);
  const t = token('stats');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${id}__get-system-info`, arguments: {} }] },
    { kind: 'text', chunks: ['Here is the system monitor.'] },
  ]);

  await chat.open();
  await chat.send(`Show the system monitor ${t}`);
  const gate = new GateDialog(page);
  // A model's call: remembered for this conversation, or always.
  await expect(gate.root).toHaveAttribute('data-tool', 'get-system-info');
  expect(await gate.offeredScopes()).toEqual(['once', 'conversation', 'always']);
  await gate.approve();
  await new Views(page).ready();

  // No readOnlyHint: under annotations admission the app-only poll is a confirm-level action, every 2 s.
  await expect(gate.root).toHaveAttribute('data-tool', 'poll-system-stats');
  expect(await gate.offeredScopes()).toEqual(['once', 'view', 'always']);
  await gate.approveRemembering('view');

  const other = await page.context().newPage();
  const log = new ActionLog(other);
  // The rule is in effect once a poll is logged as approved by it.
  await expect.poll(() => log.count('poll-system-stats', REMEMBERED), { timeout: 30_000 }).toBeGreaterThan(0);
  // A poll that was asked before the rule existed still waits at its own dialog: answer it once.
  while (await gate.root.isVisible()) await gate.approve();
  await GateDialog.startCounting(page);
  const before = await log.count('poll-system-stats', REMEMBERED);
  // Three more polls reach the server with no dialog in between.
  await expect
    .poll(() => log.count('poll-system-stats', REMEMBERED), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(before + 3);
  expect(await GateDialog.counted(page)).toBe(0);
  await expect(gate.root).toHaveCount(0);

  const settings = new SettingsPage(other);
  await settings.open();
  await expect(settings.rule('poll-system-stats')).toHaveAttribute('data-scope', 'view');
  await settings.revoke('poll-system-stats');
  const revokedAt = await log.count('poll-system-stats', REMEMBERED);

  // The next poll asks again.
  await expect(gate.root).toHaveAttribute('data-tool', 'poll-system-stats', { timeout: 30_000 });
  expect(await GateDialog.counted(page)).toBeGreaterThan(0);
  expect(await log.count('poll-system-stats', REMEMBERED)).toBeLessThanOrEqual(revokedAt + 1);
  await gate.cancel();
});
