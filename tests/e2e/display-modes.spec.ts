import { type ProbeServer, startProbeServer } from '../fixtures/mcp/probe-server';
import { expect, test, token } from './fixtures';
import { Views } from './pages/views';

let probe: ProbeServer;
test.beforeAll(async () => {
  probe = await startProbeServer();
});
test.afterAll(async () => {
  await probe.close();
});

async function showView(
  {
    chat,
    fakeModel,
    servers,
  }: {
    chat: import('./pages/chat-page').ChatPage;
    fakeModel: import('./fixtures').FakeModel;
    servers: import('./fixtures').Servers;
  },
  tool: string,
  args: Record<string, unknown> = {},
  reply = 'Shown.',
) {
  const id = token('dm').slice(0, 12);
  await servers.register({ id, transport: { type: 'http', url: probe.url } });
  const t = token('mode');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${id}__${tool}`, arguments: args }] },
    { kind: 'text', chunks: [reply] },
  ]);
  await chat.open();
  await chat.send(`Show it ${t}`);
  const views = new Views(chat.page);
  await views.ready();
  // Tests reload after this: the address names the conversation in the task after the send.
  await chat.conversationId();
  return views;
}

test.describe('11.2 / 11.3 display modes', () => {
  test('11.2 step 1: inline from tool metadata sits in the message flow', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const views = await showView({ chat, fakeModel, servers }, 'probe_inline');
    await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    await expect(views.view().getByTestId('mode')).toHaveText('inline');
    const box = await chat.page.getByTestId('view-container').boundingBox();
    const messages = await chat.messages.boundingBox();
    expect(box && messages && box.width < messages.width).toBe(true);
  });

  test('11.2 step 1: fullscreen from tool metadata covers the chat and closes back into the flow', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const views = await showView({ chat, fakeModel, servers }, 'probe_full');
    await expect(views.container()).toHaveAttribute('data-mode', 'fullscreen');
    await expect(views.view().getByTestId('mode')).toHaveText('fullscreen');
    const viewport = page.viewportSize();
    const box = await page.getByTestId('view-container').boundingBox();
    expect(box?.width).toBe(viewport?.width);
    expect(box?.height).toBe(viewport?.height);
    // The model's reply after the call arrived behind the view, and the view says so.
    await expect(views.container().getByTestId('reply-behind')).toHaveText(/A reply arrived in the chat/);
    await views.toolbarButton('Exit fullscreen').click();
    await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    await expect(views.view().getByTestId('mode')).toHaveText('inline');
  });

  test('a reopened conversation shows its views inline, or as the user last chose', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const views = await showView({ chat, fakeModel, servers }, 'probe_full');
    await expect(views.container()).toHaveAttribute('data-mode', 'fullscreen');
    await page.reload();
    await views.ready();
    await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    await expect(views.view().getByTestId('mode')).toHaveText('inline');

    await views.toolbarButton('PiP (picture in picture)').click();
    await expect(views.container()).toHaveAttribute('data-mode', 'pip');
    await page.reload();
    await views.ready();
    await expect(views.container()).toHaveAttribute('data-mode', 'pip');
  });

  test('11.2 step 1: pip from tool metadata floats, can be moved, and stays put while the chat scrolls', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const long = Array.from({ length: 80 }, (_, i) => `Line ${i} of a long answer.`).join('\n\n');
    const views = await showView({ chat, fakeModel, servers }, 'probe_pip', {}, long);
    await expect(views.container()).toHaveAttribute('data-mode', 'pip');
    await expect(chat.lastAssistant()).toContainText('Line 79');
    const pip = page.getByTestId('view-container');
    const before = await pip.boundingBox();
    await chat.messages.evaluate((el) => el.scrollTo(0, 0));
    expect(await chat.messages.evaluate((el) => el.scrollHeight > el.clientHeight + 400)).toBe(true);
    await chat.messages.evaluate((el) => el.scrollBy(0, 400));
    expect(await chat.messages.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await pip.boundingBox()).toEqual(before);
    await pip.getByRole('button', { name: /Move the floating view/ }).press('ArrowUp');
    const moved = await pip.boundingBox();
    expect(moved && before && moved.y < before.y).toBe(true);
  });

  for (const suggestion of ['inline', 'fullscreen', 'pip'] as const) {
    test(`11.2 step 2: the model's suggestion "${suggestion}" wins for an llm-* tool`, async ({
      chat,
      fakeModel,
      servers,
    }) => {
      const views = await showView({ chat, fakeModel, servers }, 'probe_llm', {
        mcplet_display_mode: suggestion,
      });
      await expect(views.container()).toHaveAttribute('data-mode', suggestion);
      // The host strips the suggestion: the server and the view never see it.
      await expect(views.view().getByTestId('input')).toHaveText('{}');
    });
  }

  test('11.2: an invalid suggestion is ignored, not an error (llm-inline falls back to inline)', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const views = await showView({ chat, fakeModel, servers }, 'probe_llm', {
      mcplet_display_mode: 'gigantic',
    });
    await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    await expect(chat.page.getByTestId('tool-call-card')).toHaveAttribute('data-state', 'output-available');
  });

  test('a view asking for a mode it did not list is refused; a listed one is granted and announced', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const views = await showView({ chat, fakeModel, servers }, 'probe_inline');
    const view = views.view();
    await view.locator('#request-pip').click();
    await expect(view.getByTestId('request-pip-result')).toHaveText('inline');
    await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    await view.locator('#request-fullscreen').click();
    await expect(view.getByTestId('request-fullscreen-result')).toHaveText('fullscreen');
    await expect(views.container()).toHaveAttribute('data-mode', 'fullscreen');
    await expect(view.getByTestId('mode')).toHaveText('fullscreen');
  });
});
