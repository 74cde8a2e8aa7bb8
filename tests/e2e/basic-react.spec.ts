import type { ChildProcess } from 'node:child_process';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { startNpmServer } from './helpers/processes';
import { Views } from './pages/views';

let child: ChildProcess;
let url: string;

test.beforeAll(async () => {
  ({ child, url } = await startNpmServer('@modelcontextprotocol/server-basic-react'));
});

test.afterAll(() => {
  child.kill();
});

test('@modelcontextprotocol/server-basic-react from npm: renders, calls its tool, sends a message and a log, follows the theme', async ({
  chat,
  fakeModel,
  servers,
  page,
}) => {
  const id = token('basic').slice(0, 12);
  expect(
    (await servers.register({ id, transport: { type: 'http', url }, admission: 'annotations' })).status,
  ).toBe(201);
  const t = token('time');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${id}__get-time`, arguments: {} }] },
    { kind: 'text', chunks: ['That is the server time.'] },
  ]);
  await fakeModel.script('This is message text.', [
    { kind: 'text', chunks: ['Thanks for the message from the view.'] },
  ]);

  await chat.open();
  await page.emulateMedia({ colorScheme: 'light' });
  await chat.send(`What time is it ${t}`);
  // No readOnlyHint: admitted by compatibility as an action, so the host asks first.
  await page.getByTestId('gate-confirm').click();
  const views = new Views(page);
  await views.ready();
  // No display mode in its metadata and none configured, admitted by compatibility: inline, as MCP
  // Apps hosts default (11.2's fullscreen fallback binds MCPlet tools only).
  await expect(views.container()).toHaveAttribute('data-mode', 'inline');
  const view = views.view();
  await expect(view.locator('body')).toContainText(/Server Time:\s*\d{4}-\d{2}-\d{2}T/);

  const first = await view.locator('code').first().textContent();
  await view.getByRole('button', { name: 'Get Server Time' }).click();
  await page.getByTestId('gate-confirm').click();
  await expect(view.locator('code').first()).not.toHaveText(first ?? '');

  await view.getByRole('button', { name: 'Send Log' }).click();
  await views.toolbarButton('View log').click();
  await expect(page.getByTestId('view-log')).toBeVisible();
  await expect(page.getByTestId('view-log')).toContainText('This is log text.');

  // basic-react does not restyle itself, so watch the host-context-changed notification arrive in its window.
  const inner = views.outerFrame().contentFrame().locator('iframe');
  await inner.evaluate((frame: HTMLIFrameElement) => {
    const win = frame.contentWindow as Window & { __themes?: string[] };
    win.__themes = [];
    win.addEventListener('message', (e) => {
      if (e.data?.method === 'ui/notifications/host-context-changed' && e.data.params?.theme)
        win.__themes?.push(e.data.params.theme);
    });
  });
  const before = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  await page.getByTestId('theme-toggle').click();
  await expect
    .poll(() =>
      inner.evaluate(
        (frame: HTMLIFrameElement) => (frame.contentWindow as Window & { __themes?: string[] }).__themes,
      ),
    )
    .toEqual([before === 'dark' ? 'light' : 'dark']);

  // A reply to a message the fullscreen view sent is announced over the view and
  // one control away.
  await views.toolbarButton('Fullscreen').click();
  await expect(views.container()).toHaveAttribute('data-mode', 'fullscreen');
  await view.getByRole('button', { name: 'Send Message' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('This is message text.');
  expect(await violations(page), 'view message dialog over a fullscreen view').toEqual([]);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(views.container().getByTestId('reply-behind')).toHaveText(/A reply arrived in the chat/);
  await views.container().getByRole('button', { name: 'Show the reply' }).click();
  await expect(views.container()).toHaveAttribute('data-mode', 'inline');
  await expect(chat.userMessages().last()).toHaveText('This is message text.');
  await expect(chat.lastAssistant()).toContainText('Thanks for the message from the view.');
  await expect(chat.lastAssistant()).toBeFocused();
});
