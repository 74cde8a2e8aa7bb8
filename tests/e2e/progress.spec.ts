import { CANCELLED_TEXT } from '../../lib/mcp/cancelled-call';
import {
  COUNT_TITLE,
  type Generation,
  type ProgressServer,
  startProgressServer,
} from '../fixtures/mcp/progress-server';
import { expect, type Servers, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { ToolCards } from './pages/tool-cards';

interface SentMessage {
  role: string;
  content?: unknown;
}

/** Runs `run` with a progress server of `generation` registered; removes and closes it after. */
async function withProgressServer(
  servers: Servers,
  generation: Generation,
  run: (server: ProgressServer, id: string) => Promise<void>,
): Promise<void> {
  const server = await startProgressServer(generation);
  try {
    const id = token(`count-${generation}`).slice(0, 14);
    const registered = await servers.register({
      id,
      name: 'Counter',
      transport: { type: 'http', url: server.url },
    });
    expect(registered.status).toBe(201);
    await run(server, id);
  } finally {
    await server.close();
  }
}

// MCP utilities/progress and utilities/cancellation: a progress token on every call, the card shows
// how far the server says it is, Cancel ends that call alone, Stop ends the reply and its calls.
test.describe('progress and cancel of a running call', () => {
  test('2026-07-28 server: the card shows progress; Cancel ends that call alone, the server is told and the reply goes on', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withProgressServer(servers, 'modern', async (server, id) => {
      const t = token('cancel');
      await fakeModel.script(t, [
        {
          kind: 'tool-calls',
          calls: [{ name: `${id}__count_slowly`, arguments: { steps: 600, stepMs: 100 } }],
        },
        { kind: 'text', chunks: ['You cancelled the count.'] },
      ]);
      await chat.open();
      await chat.send(`Count slowly ${t}`);
      const cards = new ToolCards(page);
      await expect(cards.progressBar('count_slowly')).toHaveAttribute('aria-valuenow', /\d+/);
      await expect(cards.progressMessage('count_slowly')).toContainText(/Counted \d+ of 600/);
      await expect(cards.status('count_slowly')).toHaveText('Running');
      // The tool's title and icon (MCP 2025-11-25), the icon served by the host from its data: URL.
      await expect(cards.title('count_slowly')).toHaveText(COUNT_TITLE);
      await expect
        .poll(() => cards.icon('count_slowly').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(1);
      expect(await cards.icon('count_slowly').getAttribute('src')).toMatch(/^\/api\/icons\?/);
      expect(await violations(page), 'a running card with progress and Cancel').toEqual([]);

      await cards.cancel('count_slowly').click();
      await expect(cards.status('count_slowly')).toHaveText('Cancelled');
      await expect(cards.ended('count_slowly')).toHaveText(CANCELLED_TEXT);
      await expect(cards.progressBar('count_slowly')).toHaveCount(0);
      await expect(chat.lastAssistant()).toContainText('You cancelled the count.');
      await expect.poll(() => server.cancelled).toBe(1);
      expect(server.finished).toBe(0);
      // The model read that the user cancelled the call, and nothing of progress.
      const requests = await fakeModel.requests(t);
      const last = (requests[requests.length - 1]?.body.messages ?? []) as SentMessage[];
      const tool = last.filter((m) => m.role === 'tool').map((m) => String(m.content));
      expect(tool).toHaveLength(1);
      expect(tool[0]).toContain(CANCELLED_TEXT);
      expect(tool[0]).not.toContain('Counted');
    });
  });

  test("a result's resource_link and embedded resource render as items: name, type, size, a preview", async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withProgressServer(servers, 'modern', async (_server, id) => {
      const t = token('files');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__report_files`, arguments: {} }] },
        { kind: 'text', chunks: ['Here they are.'] },
      ]);
      await chat.open();
      await chat.send(`Which files ${t}`);
      await expect(chat.lastAssistant()).toContainText('Here they are.');
      const cards = new ToolCards(page);
      const items = cards.resources('report_files');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText('Third quarter report');
      await expect(items.nth(0)).toContainText('application/pdf');
      await expect(items.nth(0)).toContainText('2.0 KB');
      await expect(items.nth(0)).toContainText('file:///reports/q3.pdf');
      await items.nth(1).getByText('Preview').click();
      await expect(items.nth(1)).toContainText('Sales rose by a tenth.');
      await expect(cards.result('report_files')).toContainText('[resource: q3.pdf]');
      expect(await violations(page), 'a card listing resources').toEqual([]);
    });
  });

  test('2025-11-25 server: Stop of the reply cancels its running call, and the card leaves Running', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withProgressServer(servers, 'legacy', async (server, id) => {
      const t = token('stop');
      await fakeModel.script(t, [
        {
          kind: 'tool-calls',
          calls: [{ name: `${id}__count_slowly`, arguments: { steps: 600, stepMs: 100 } }],
        },
        { kind: 'text', chunks: ['not reached'] },
      ]);
      await chat.open();
      await chat.send(`Count slowly ${t}`);
      const cards = new ToolCards(page);
      await expect(cards.progressMessage('count_slowly')).toContainText(/Counted \d+ of 600/);
      await page.getByTestId('stop').click();
      await chat.waitIdle();
      await expect(cards.status('count_slowly')).toHaveText('Stopped');
      await expect(cards.ended('count_slowly')).toContainText('stopped before this call finished');
      await expect(cards.cancel('count_slowly')).toHaveCount(0);
      // notifications/cancelled reached the server.
      await expect.poll(() => server.cancelled).toBe(1);
      // After a reload the call still reads as stopped, not running.
      await page.reload();
      await expect(cards.status('count_slowly')).toHaveText('Stopped');
      expect(server.finished).toBe(0);
    });
  });
});
