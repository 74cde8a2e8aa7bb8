import { existsSync } from 'node:fs';
import { mcpletTool, startOddServer } from '../fixtures/mcp/odd-server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { freePort, startProcess } from './helpers/processes';
import { GateDialog } from './pages/gate-dialog';

function toolNames(
  request: { body: { tools?: Array<{ function: { name: string } }> } } | undefined,
): string[] {
  return request?.body.tools?.map((t) => t.function.name) ?? [];
}

test.describe('MCP tools in the chat', () => {
  test('the model calls search_restaurants through the real server and the card shows the result', async ({
    chat,
    fakeModel,
  }) => {
    const t = token('search');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [{ name: 'restaurant__search_restaurants', arguments: { cuisine: 'french' } }],
      },
      { kind: 'text', chunks: ['Le Jardin is the best rated.'] },
    ]);
    await chat.open();
    await chat.send(`French dinner ${t}`);
    const card = chat.page.getByTestId('tool-call-card');
    await expect(card).toHaveAttribute('data-state', 'output-available');
    // Words for people: the tool's title and the server's name; the name stays in the card's data.
    await expect(card).toHaveAttribute('data-tool-name', 'search_restaurants');
    await expect(card.getByTestId('tool-title')).toHaveText('Search Restaurants');
    await expect(card.getByTestId('tool-server')).toHaveText('· Restaurant (demo MCPlet)');
    await expect(card.locator('header')).not.toContainText('search_restaurants');
    await expect(card.getByTestId('tool-result')).toContainText('Le Jardin (r-le-jardin)');
    await expect(chat.lastAssistant()).toContainText('Le Jardin is the best rated.');

    const [first, second] = await fakeModel.requests(t);
    const offered = toolNames(first);
    expect(offered).toContain('restaurant__search_restaurants');
    expect(offered).toContain('restaurant__get_restaurant');
    // 8.2: app-only tools are hidden from the model's tool schema.
    expect(offered).not.toContain('restaurant__create_reservation');
    // 15: the model gets the text content, not structuredContent.
    const toolMessage = JSON.stringify(second?.body.messages?.at(-1));
    expect(toolMessage).toContain('Le Jardin');
    expect(toolMessage).not.toContain('priceLevel');
  });

  test('5.3.2: a tool removed by list_changed mid-conversation is gone from the next request', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const odd = await startOddServer(0, [mcpletTool('alpha'), mcpletTool('beta')]);
    try {
      const id = token('hot').slice(0, 12);
      expect((await servers.register({ id, transport: { type: 'http', url: odd.url } })).status).toBe(201);
      const t = token('reload');
      await fakeModel.script(`first ${t}`, [{ kind: 'text', chunks: ['one'] }]);
      await fakeModel.script(`second ${t}`, [{ kind: 'text', chunks: ['two'] }]);
      await chat.open();
      await chat.send(`first ${t}`);
      await expect(chat.lastAssistant()).toContainText('one');
      expect(toolNames((await fakeModel.requests(`first ${t}`))[0])).toEqual(
        expect.arrayContaining([`${id}__alpha`, `${id}__beta`]),
      );

      await odd.setTools([mcpletTool('alpha')]);
      await expect
        .poll(async () => {
          const response = await chat.page.request.get('/api/servers');
          const body = (await response.json()) as {
            servers: Array<{ id: string; tools: Array<{ name: string }> }>;
          };
          return body.servers.find((s) => s.id === id)?.tools.map((x) => x.name);
        })
        .toEqual(['alpha']);

      await chat.send(`second ${t}`);
      await expect(chat.lastAssistant()).toContainText('two');
      const next = toolNames((await fakeModel.requests(`second ${t}`))[0]);
      expect(next).toContain(`${id}__alpha`);
      expect(next).not.toContain(`${id}__beta`);
    } finally {
      await odd.close();
    }
  });

  test('killing a server mid-conversation gives a clear error and the chat goes on', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const port = await freePort();
    const child = await startProcess(
      'servers/restaurant/main.ts',
      { RESERVATIONS_FILE: '.data/e2e/kill.jsonl' },
      port,
    );
    try {
      const id = token('dead').slice(0, 12);
      expect(
        (await servers.register({ id, transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } }))
          .status,
      ).toBe(201);
      const t = token('kill');
      const call = {
        kind: 'tool-calls' as const,
        calls: [{ name: `${id}__get_restaurant`, arguments: { id: 'r-sakura' } }],
      };
      await fakeModel.script(`before ${t}`, [call, { kind: 'text', chunks: ['It is open.'] }]);
      await fakeModel.script(`after ${t}`, [
        call,
        { kind: 'text', chunks: ['The restaurant service is down right now.'] },
      ]);
      await fakeModel.script(`later ${t}`, [{ kind: 'text', chunks: ['Still here.'] }]);

      await chat.open();
      await chat.send(`before ${t}`);
      await expect(chat.page.getByTestId('tool-call-card').last()).toHaveAttribute(
        'data-state',
        'output-available',
      );
      await expect(chat.lastAssistant()).toContainText('It is open.');

      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      await chat.send(`after ${t}`);
      const failed = chat.page.getByTestId('tool-call-card').last();
      await expect(failed).toHaveAttribute('data-state', 'output-error');
      await expect(failed.getByTestId('tool-error')).toContainText(/cannot be reached/);
      // The code is for the preview and the log; the card's sentence has none.
      await expect(failed.getByTestId('tool-error')).not.toContainText('SERVICE_UNAVAILABLE');
      await expect(failed).toHaveAttribute('data-code', 'SERVICE_UNAVAILABLE');
      await expect(chat.lastAssistant()).toContainText('The restaurant service is down right now.');
      const sent = JSON.stringify((await fakeModel.requests(`after ${t}`))[1]?.body.messages?.at(-1));
      expect(sent).toContain('SERVICE_UNAVAILABLE');

      // The reply's text shows before its stream ends; a send before then is not taken (the composer stops).
      await chat.waitIdle();
      await chat.send(`later ${t}`);
      await expect(chat.lastAssistant()).toContainText('Still here.');
    } finally {
      child.kill('SIGKILL');
    }
  });
});

test.describe('developer preview', () => {
  test('a plain MCP server is rejected under strict and admitted, labelled, under annotations', async ({
    servers,
    preview,
    chat,
    fakeModel,
    page,
  }) => {
    const command = [
      process.execPath,
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
      'stdio',
    ];
    const strictId = token('ev-s').slice(0, 12);
    const annotatedId = token('ev-a').slice(0, 12);
    // docs/security.md, "Command execution": a command server is added from the host's page, after the user confirms its argv.
    await preview.open();
    const gate = new GateDialog(page);
    for (const [id, admission] of [
      [strictId, 'strict'],
      [annotatedId, 'annotations'],
    ] as const) {
      await preview.addCommandServer({ id, command, admission });
      await gate.expectCommand(command);
      expect(await violations(page), 'command gate dialog').toEqual([]);
      await gate.approve();
      servers.track(id);
      await expect(preview.addServerNotice()).toHaveText(`Added ${id}.`);
      await expect(preview.server(id)).toBeVisible();
      // server-everything is built on the v1 SDK: the handshake, and the revision it speaks.
      await expect(preview.protocol(id)).toHaveText('2025-11-25');
    }

    const strictEcho = preview.rejected(strictId, 'echo');
    await expect(strictEcho).toContainText('the tool declares no _meta.mcpletType');
    await expect(strictEcho).toContainText('MISSING_MCPLET_TYPE');
    await expect(preview.server(strictId).getByTestId('admitted-tool')).toHaveCount(0);

    const annotatedEcho = preview.admitted(annotatedId, 'echo');
    await expect(annotatedEcho).toContainText('compatibility (annotations)');
    await expect(annotatedEcho).toContainText('read');
    const toggle = preview.admitted(annotatedId, 'toggle-simulated-logging');
    await expect(toggle).toContainText('action');
    await expect(toggle).toContainText('confirmation, host-only');

    const t = token('compat');
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: `${annotatedId}__get-env`, arguments: {} }] },
      { kind: 'text', chunks: ['done'] },
    ]);
    await chat.open();
    await chat.send(`Use everything ${t}`);
    const card = chat.page.getByTestId('tool-call-card');
    await expect(card).toContainText('compatibility');
    const offered = toolNames((await fakeModel.requests(t))[0]);
    expect(offered).toContain(`${annotatedId}__echo`);
    expect(offered.some((name) => name.startsWith(`${strictId}__`))).toBe(false);
  });

  test('command execution: a command runs only after the host-drawn confirmation; the API alone and a cancel run nothing', async ({
    servers,
    preview,
    page,
  }, testInfo) => {
    const marker = testInfo.outputPath('marker');
    const command = [process.execPath, '-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`];
    const id = token('cmd').slice(0, 12);

    const fromCurl = await servers.register({ id, transport: { type: 'stdio', command } });
    expect(fromCurl.status).toBe(403);
    expect(String(fromCurl.body.error)).toContain("host's own page");

    await preview.open();
    await preview.addCommandServer({ id, command });
    const gate = new GateDialog(page);
    await gate.expectCommand(command);
    // Until the answer, nothing is stored or started.
    const listed = (await (await page.request.get('/api/servers')).json()) as {
      servers: Array<{ id: string }>;
    };
    expect(listed.servers.map((s) => s.id)).not.toContain(id);
    await gate.cancel();
    await expect(preview.addServerNotice()).toHaveText('Cancelled: the command was not run.');
    await expect(preview.server(id)).toHaveCount(0);
    expect(existsSync(marker)).toBe(false);
  });

  test('the call form shows the policy decision first and the raw JSON-RPC after the call', async ({
    preview,
    page,
  }) => {
    await preview.open();
    const search = preview.admitted('restaurant', 'search_restaurants');
    await search.getByRole('button', { name: 'Try it' }).click();
    await expect(search.getByTestId('decision')).toContainText('Allowed: read tool, callable by the model');
    await search.getByLabel('cuisine').fill('french');
    await search.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(search.getByTestId('envelope')).toContainText('"total": 2');
    await search.getByText('Raw JSON-RPC exchange').click();
    await expect(search.getByTestId('exchange')).toContainText('"method": "tools/call"');
    await expect(search.getByTestId('exchange')).toContainText('"structuredContent"');
    await search.getByLabel('a view of this server').check();
    await expect(search.getByTestId('decision')).toContainText(
      'Allowed: read tool, callable by a view without a gate',
    );

    const create = preview.admitted('restaurant', 'create_reservation');
    await create.getByRole('button', { name: 'Try it' }).click();
    await expect(create.getByTestId('decision')).toContainText('Allowed behind a passkey gate');
    await create.getByLabel('the model').check();
    await expect(create.getByTestId('decision')).toContainText('Denied (NOT_MODEL_VISIBLE, spec 8.2)');
    await create.getByRole('button', { name: 'Call', exact: true }).click();
    await expect(create.getByTestId('call-response')).toContainText('Not sent');
    await expect(page.getByTestId('server-card').first()).toBeVisible();
  });

  test('the policy decision holds still while the servers list refreshes (no flicker, no re-announced status)', async ({
    preview,
  }) => {
    await preview.open();
    await preview.tryIt('restaurant', 'search_restaurants');
    const decision = preview.admitted('restaurant', 'search_restaurants').getByTestId('decision');
    await expect(decision).toContainText('Allowed: read tool');
    await preview.watchDecision('restaurant', 'search_restaurants');
    // Each refresh re-asks /api/tools/decide 150 ms later; after three, two such re-asks are over.
    await preview.serverRefreshes(3);
    expect(await preview.decisionChanges('restaurant', 'search_restaurants')).toBe(0);
    await expect(decision).toContainText('Allowed: read tool');
  });

  test('adding a server with a bad registration explains what is wrong and keeps the form', async ({
    preview,
    page,
  }) => {
    await preview.open();
    const form = page.getByRole('form', { name: 'Add a server' });
    await form.getByLabel(/^Id/).fill('Bad Id!');
    await form.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/mcp');
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect(form.getByRole('alert')).toContainText('/id must start with a lowercase letter');
    await expect(form.getByLabel(/^Id/)).toHaveValue('Bad Id!');
  });
});
