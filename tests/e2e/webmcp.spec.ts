import type { Page } from '@playwright/test';
import { appToolName } from '../../lib/mcplet/names';
import { startWebMcpServer } from '../fixtures/mcp/webmcp-server';
import { expect, test, token } from './fixtures';
import { GateDialog } from './pages/gate-dialog';
import { Views } from './pages/views';

interface Admitted {
  name: string;
  gate: string;
}

/** The next listing of a view's tools the browser reports to the server, with what the server admitted. */
function nextListing(page: Page) {
  return page
    .waitForResponse((r) => r.url().endsWith('/view-tools') && r.request().method() === 'POST' && r.ok())
    .then(async (r) => (await r.json()) as { admitted: Admitted[]; rejected: { name: string }[] });
}

test.describe('WebMCP inside views (navigator.modelContext)', () => {
  test('a plain WebMCP page provides its tools: offered to the model, read-only runs at once, the other only after the gate, unregistered ones are withdrawn', async ({
    chat,
    fakeModel,
    page,
    servers,
  }) => {
    const server = await startWebMcpServer();
    try {
      const t = token('webmcp');
      const id = token('wm').slice(0, 10);
      expect((await servers.register({ id, transport: { type: 'http', url: server.url } })).status).toBe(201);
      const views = new Views(page);
      await fakeModel.script(`open ${t}`, [
        { kind: 'tool-calls', calls: [{ name: `${id}__open_notes`, arguments: {} }] },
        { kind: 'text', chunks: ['Your notes are open.'] },
      ]);
      await chat.open();
      const listed = nextListing(page);
      await chat.send(`open ${t}`);
      await views.ready();
      const listing = await listed;
      const view = views.view();

      // The draft's registerTool checks ran in the page: name rule, duplicate, length, schema shape.
      await expect(view.getByTestId('refused')).toHaveText(
        'InvalidStateError,InvalidStateError,InvalidStateError,TypeError',
      );
      await expect(view.getByTestId('toolchanges')).toHaveText('3');
      // The server admitted the page's tools by their annotations: only readOnlyHint: true has no gate,
      // and a page's humanInTheLoopHint "none" does not lower the gate of a tool that is not read-only.
      expect(listing.admitted.map((a) => [a.name, a.gate])).toEqual([
        ['notes.list', 'none'],
        ['notes.add', 'confirm'],
        ['notes.clear', 'confirm'],
      ]);
      await expect(page.getByTestId('view-log')).toContainText(
        'view provides 3 tool(s): notes.list, notes.add, notes.clear',
      );

      const viewId = (await views.container().getAttribute('data-view-id')) ?? '';
      const list = appToolName(viewId, 'notes.list');
      const add = appToolName(viewId, 'notes.add');
      const clear = appToolName(viewId, 'notes.clear');

      // The read-only tool runs in the view with no dialog (a dialog would stall the turn).
      await fakeModel.script(`list ${t}`, [
        { kind: 'tool-calls', calls: [{ name: list, arguments: {} }] },
        { kind: 'text', chunks: ['You have one note.'] },
      ]);
      await chat.send(`list ${t}`);
      await expect(chat.lastAssistant()).toContainText('You have one note.');
      await expect(page.getByTestId('gate-dialog')).toHaveCount(0);
      const listRequests = await fakeModel.requests(`list ${t}`);
      const offered = listRequests[0]?.body.tools?.map((x) => x.function) ?? [];
      expect(offered.map((f) => f.name)).toEqual(expect.arrayContaining([list, add, clear]));
      expect(offered.find((f) => f.name === add)?.description).toContain('Adds a note to this view');
      expect(JSON.stringify(listRequests[1]?.body.messages?.at(-1))).toContain('Notes: buy bread');

      // The other tool waits for the host's gate; the view changes only after approval.
      await fakeModel.script(`add ${t}`, [
        { kind: 'tool-calls', calls: [{ name: add, arguments: { text: 'call the bakery' } }] },
        { kind: 'text', chunks: ['Noted.'] },
      ]);
      await chat.send(`add ${t}`);
      const gate = new GateDialog(page);
      // A view's tool with no title: its name as words (lib/mcplet/tool-words.ts).
      await expect(gate.tool).toHaveText(/notes add$/i);
      await expect(gate.root.getByTestId('gate-args')).toContainText('call the bakery');
      await expect(view.getByTestId('notes')).not.toContainText('call the bakery');
      await gate.approve();
      await expect(chat.lastAssistant()).toContainText('Noted.');
      await expect(view.getByTestId('notes').getByRole('listitem')).toHaveText([
        'buy bread',
        'call the bakery',
      ]);
      const addRequests = await fakeModel.requests(`add ${t}`);
      expect(JSON.stringify(addRequests[1]?.body.messages?.at(-1))).toContain('Added: call the bakery');

      // unregisterTool and an aborted AbortSignal: the view says list_changed, the host lists again,
      // and the next model request no longer offers either tool.
      const relisted = nextListing(page);
      await view.getByTestId('lock').click();
      expect((await relisted).admitted.map((a) => a.name)).toEqual(['notes.list']);
      await expect(view.getByTestId('toolchanges')).toHaveText('5');
      await fakeModel.script(`after ${t}`, [{ kind: 'text', chunks: ['Locked.'] }]);
      await chat.send(`after ${t}`);
      await expect(chat.lastAssistant()).toContainText('Locked.');
      const after = (await fakeModel.requests(`after ${t}`))[0]?.body.tools?.map((x) => x.function.name);
      expect(after).toContain(list);
      expect(after).not.toContain(add);
      expect(after).not.toContain(clear);
    } finally {
      await server.close();
    }
  });

  test('a page on the MCP Apps App SDK keeps its own handshake and tools; the shim stands aside', async ({
    chat,
    fakeModel,
    page,
    servers,
  }) => {
    const server = await startWebMcpServer();
    try {
      const t = token('hybrid');
      const id = token('hy').slice(0, 10);
      await servers.register({ id, transport: { type: 'http', url: server.url } });
      const views = new Views(page);
      await fakeModel.script(`open ${t}`, [
        { kind: 'tool-calls', calls: [{ name: `${id}__open_hybrid`, arguments: {} }] },
        { kind: 'text', chunks: ['Opened.'] },
      ]);
      await chat.open();
      const listed = nextListing(page);
      await chat.send(`open ${t}`);
      await views.ready();
      const view = views.view();
      await expect(view.getByTestId('shim')).toHaveText('present');
      await expect(view.getByTestId('connected')).toHaveText('with host context');
      expect((await listed).admitted.map((a) => a.name)).toEqual(['app_ping']);
      await expect(page.getByTestId('view-log')).toContainText('view provides 1 tool(s): app_ping');

      const viewId = (await views.container().getAttribute('data-view-id')) ?? '';
      await fakeModel.script(`ping ${t}`, [
        { kind: 'tool-calls', calls: [{ name: appToolName(viewId, 'app_ping'), arguments: {} }] },
        { kind: 'text', chunks: ['It answered.'] },
      ]);
      await chat.send(`ping ${t}`);
      await expect(chat.lastAssistant()).toContainText('It answered.');
      const requests = await fakeModel.requests(`ping ${t}`);
      expect(JSON.stringify(requests[1]?.body.messages?.at(-1))).toContain('pong from the App SDK');
      expect(JSON.stringify(requests[0]?.body.tools)).not.toContain('page_tool');
    } finally {
      await server.close();
    }
  });
});
