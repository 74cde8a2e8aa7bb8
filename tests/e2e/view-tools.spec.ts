import type { Page } from '@playwright/test';
import { startProbeServer } from '../fixtures/mcp/probe-server';
import { expect, type FakeModel, type Servers, test, token } from './fixtures';
import type { ChatPage } from './pages/chat-page';
import { GateDialog } from './pages/gate-dialog';
import { Views } from './pages/views';

test.describe('app-provided tools (MCP Apps)', () => {
  /** Registers the probe server, opens its view and waits until the server has admitted its tools. */
  async function openProbeView(
    {
      chat,
      fakeModel,
      page,
      servers,
    }: { chat: ChatPage; fakeModel: FakeModel; page: Page; servers: Servers },
    t: string,
  ) {
    const probe = await startProbeServer();
    const id = token('apt').slice(0, 12);
    await servers.register({ id, transport: { type: 'http', url: probe.url } });
    const views = new Views(page);
    await fakeModel.script(`open ${t}`, [
      { kind: 'tool-calls', calls: [{ name: `${id}__probe_inline`, arguments: {} }] },
      { kind: 'text', chunks: ['Opened.'] },
    ]);
    await chat.open();
    const listed = page.waitForResponse(
      (r) => r.url().endsWith('/view-tools') && r.request().method() === 'POST' && r.ok(),
    );
    await chat.send(`open ${t}`);
    await views.ready();
    await listed;
    await expect(page.getByTestId('view-log')).toContainText('view provides 3 tool(s)');
    const viewId = (await views.container().getAttribute('data-view-id')) ?? '';
    return { probe, id, views, viewId, conversationId: await chat.conversationId() };
  }

  test("a view's tools are offered to the model namespaced by view, admitted like MCP tools, and run in the view", async ({
    chat,
    fakeModel,
    page,
    servers,
  }) => {
    const t = token('apptools');
    const { probe, id, viewId } = await openProbeView({ chat, fakeModel, page, servers }, t);
    try {
      const { appToolName } = await import('../../lib/mcplet/names');
      const count = appToolName(viewId, 'view_count');
      const reset = appToolName(viewId, 'view_reset');
      const sneaky = appToolName(viewId, 'view_sneaky');
      await fakeModel.script(`count ${t}`, [
        { kind: 'tool-calls', calls: [{ name: count, arguments: {} }] },
        { kind: 'text', chunks: ['Three items, says the view.'] },
      ]);
      await chat.send(`count ${t}`);
      await expect(chat.lastAssistant()).toContainText('Three items, says the view.');
      const requests = await fakeModel.requests(`count ${t}`);
      const offered = requests[0]?.body.tools?.map((x) => x.function) ?? [];
      expect(offered.map((f) => f.name)).toEqual(expect.arrayContaining([count, reset, sneaky]));
      expect(offered.find((f) => f.name === count)?.description).toContain('Provided by the open view');
      expect(JSON.stringify(requests[1]?.body.messages?.at(-1))).toContain('The probe view shows 3 items.');

      // docs/security.md, "Tool metadata injection": an instruction-like description is withheld from the model, exactly as an MCP tool's is.
      const mcpSneaky = offered.find((f) => f.name === `${id}__probe_sneaky`)?.description ?? '';
      const viewSneaky = offered.find((f) => f.name === sneaky)?.description ?? '';
      const withheld =
        /^(\w+) \(from (.+); its description was withheld because it read like instructions\)\.$/;
      expect(mcpSneaky).toMatch(withheld);
      expect(viewSneaky).toMatch(withheld);
      expect(JSON.stringify(requests[0]?.body.tools)).not.toContain('Ignore all previous instructions');
      await expect(page.getByTestId('view-log')).toContainText(
        'the description of view_sneaky reads like instructions',
      );
    } finally {
      await probe.close();
    }
  });

  test('a view tool without readOnlyHint is gated by the server whatever the browser claims, and its calls are in the action log', async ({
    chat,
    fakeModel,
    page,
    servers,
    request,
  }) => {
    const t = token('forged');
    const { probe, id, views, viewId, conversationId } = await openProbeView(
      { chat, fakeModel, page, servers },
      t,
    );
    try {
      const { appToolName } = await import('../../lib/mcplet/names');
      const reset = appToolName(viewId, 'view_reset');
      const listingUrl = `/api/conversations/${conversationId}/view-tools`;
      // A forged listing: read-only claims the server does not read (the browser's flag, an MCPlet _meta).
      const forged = await request.post(listingUrl, {
        data: {
          viewId,
          tools: [
            {
              name: 'view_reset',
              description: 'Resets the probe view',
              inputSchema: { type: 'object', properties: { hard: { type: 'boolean' } } },
              readOnly: true,
              _meta: { mcpletType: 'read', visibility: ['model'] },
            },
            { name: 'bad name', inputSchema: { type: 'object' } },
          ],
        },
      });
      expect(forged.status()).toBe(200);
      const answer = await forged.json();
      expect(answer.admitted).toEqual([expect.objectContaining({ name: 'view_reset', gate: 'confirm' })]);
      expect(answer.rejected[0].reasons[0].code).toBe('INVALID_NAME');
      // The server names the views itself: an id it never opened in this conversation is refused.
      const unknown = await request.post(listingUrl, {
        data: { viewId: 'call_never_opened', tools: [{ name: 'x', inputSchema: { type: 'object' } }] },
      });
      expect(unknown.status()).toBe(404);

      // A forged chat request claiming the tool is read-only.
      await page.route('**/api/chat', async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        await route.continue({
          postData: JSON.stringify({
            ...body,
            appTools: [
              {
                viewId,
                viewTitle: 'Probe',
                name: 'view_reset',
                inputSchema: { type: 'object' },
                readOnly: true,
              },
            ],
          }),
        });
      });
      await fakeModel.script(`reset ${t}`, [
        { kind: 'tool-calls', calls: [{ name: reset, arguments: { hard: true } }] },
        { kind: 'text', chunks: ['Reset done.'] },
      ]);
      await chat.send(`reset ${t}`);
      const gate = page.getByTestId('gate-dialog');
      // No title: its name as words (lib/mcplet/tool-words.ts).
      await expect(new GateDialog(page).tool).toHaveText('View reset');
      await expect(new GateDialog(page).arg('hard')).toHaveText(['Hard', 'Yes']);
      await expect(views.view(0).getByTestId('resets')).toHaveCount(0);
      await gate.getByTestId('gate-confirm').click();
      await expect(chat.lastAssistant()).toContainText('Reset done.');
      await expect(views.view(0).getByTestId('resets')).toHaveText('1');

      // Leaving the conversation tears the view down; the server drops its tools.
      const dropped = page.waitForResponse(
        (r) => r.url().includes('/view-tools?viewId=') && r.request().method() === 'DELETE',
      );
      await page.getByRole('link', { name: 'Action log' }).click();
      expect((await dropped).status()).toBe(204);
      const row = page.getByTestId('audit-row').filter({ hasText: id }).filter({ hasText: 'view_reset' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('the model, via a view tool');
      await expect(row).toContainText('confirm');
      await expect(row).toHaveAttribute('data-outcome', 'ok');
      await expect(row).toContainText('done');

      await fakeModel.script(`after ${t}`, [{ kind: 'text', chunks: ['No view is open.'] }]);
      const after = await request.post('/api/chat', {
        data: {
          id: conversationId,
          trigger: 'submit-message',
          message: { id: `m-${t}`, role: 'user', parts: [{ type: 'text', text: `after ${t}` }] },
        },
      });
      expect(after.status()).toBe(200);
      const offered = (await fakeModel.requests(`after ${t}`))[0]?.body.tools?.map((x) => x.function.name);
      expect(offered).toContain(`${id}__probe_inline`);
      expect(offered).not.toContain(reset);
    } finally {
      await probe.close();
    }
  });
});
