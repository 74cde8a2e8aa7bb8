import type { Page } from '@playwright/test';
import {
  API_KEY,
  API_KEY_HEADER,
  BEARER_TOKEN,
  type BearerServer,
  RETURNED_CREDENTIAL,
  startBearerServer,
} from '../fixtures/mcp/bearer-server';
import { startResourceServer } from '../fixtures/mcp/resource-server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import type { PreviewPage } from './pages/preview-page';
import {
  AdmissionSwitchSection,
  ServerPromptsSection,
  ServerResourcesSection,
  ServerTraceSection,
} from './pages/server-card-tabs';

/** Every JSON body the host sends the browser from now on, to look for a secret in. */
function watchBodies(page: Page): () => Promise<string[]> {
  const reads: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    reads.push(response.text().catch(() => ''));
  });
  return () => Promise.all(reads);
}

/** Adds the fixture through the form, with its bearer token and API key header, and waits for it to connect. */
async function addWithCredentials(
  preview: PreviewPage,
  fixture: BearerServer,
  id: string,
  admission?: string,
) {
  await preview.addHttpServer(id, fixture.url, {
    bearer: BEARER_TOKEN,
    headers: [{ name: API_KEY_HEADER, value: API_KEY }],
    ...(admission ? { admission } : {}),
  });
  await expect(preview.addServerNotice()).toHaveText(/^Added /);
  await expect(preview.server(id).getByTestId('server-status')).toContainText('ready');
}

test.describe('developer preview: adding, credentials, admission, tabs and trace', () => {
  let fixture: BearerServer;
  test.beforeEach(async () => {
    fixture = await startBearerServer();
  });
  test.afterEach(async () => {
    await fixture.close();
  });

  test('"Add a server" comes first; a bearer token and a header reach the server and never come back to the browser', async ({
    page,
    preview,
    servers,
  }) => {
    const bodies = watchBodies(page);
    await preview.open();
    // The form is the first thing under the heading: before every server card.
    const before = await preview
      .addServerForm()
      .evaluate((form) =>
        [...document.querySelectorAll('[data-testid="server-card"]')].every(
          (card) => form.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING,
        ),
      );
    expect(before).toBe(true);

    const id = token('bearer').slice(0, 12);
    servers.track(id);
    // Bad input first: a protocol header cannot be overridden; nothing is sent, nothing is lost.
    await preview.addHttpServer(id, fixture.url, {
      bearer: BEARER_TOKEN,
      headers: [{ name: 'Mcp-Session-Id', value: 'forged-session' }],
    });
    await expect(preview.addServerFieldErrors()).toContainText(
      'Mcp-Session-Id is set by the MCP transport itself and cannot be overridden.',
    );
    const form = preview.addServerForm();
    await expect(form.getByLabel('Header 1 name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel(/^Id/)).toHaveValue(id);
    await expect(form.getByLabel('Bearer token')).toHaveValue(BEARER_TOKEN);
    await expect(form.getByLabel('Header 1 value')).toHaveValue('forged-session');
    expect(fixture.refused()).toBe(0);

    // The host checks again whatever the browser says: a header with a line break is refused (400).
    const smuggled = await servers.register({
      id: `${id}x`.slice(0, 20),
      transport: { type: 'http', url: fixture.url, headers: { 'X-Note': 'a\r\nX-Injected: 1' } },
    });
    expect(smuggled.status).toBe(400);
    expect(String(smuggled.body.error)).toContain('must be one line');

    await form.getByRole('button', { name: 'Remove header 1' }).click();
    await form.getByRole('button', { name: 'Add a header' }).click();
    await form.getByLabel('Header 1 name').fill(API_KEY_HEADER);
    await form.getByLabel('Header 1 value').fill(API_KEY);
    await form.getByRole('button', { name: 'Add server' }).click();
    await expect(preview.addServerNotice()).toHaveText(/^Added /);
    await expect(preview.server(id).getByTestId('server-status')).toContainText('ready');
    await expect(preview.admitted(id, 'whoami')).toBeVisible();
    // The form forgets the secrets once they are the host's; the card names them only.
    await expect(form.getByLabel('Bearer token')).toHaveValue('');
    await expect(preview.server(id).getByTestId('server-headers')).toHaveText(
      `bearer token set · headers: ${API_KEY_HEADER}`,
    );
    expect(fixture.refused()).toBe(0);

    await preview.serverRefreshes(1);
    for (const body of await bodies()) {
      expect(body).not.toContain(BEARER_TOKEN);
      expect(body).not.toContain(API_KEY);
    }
    await expect(page.locator('body')).not.toContainText(BEARER_TOKEN);
  });

  test('tabs by keyboard: Tools, Prompts (tried as a preview), Server log, Trace', async ({
    page,
    preview,
    servers,
  }) => {
    await preview.open();
    const id = token('tabs').slice(0, 12);
    servers.track(id);
    await addWithCredentials(preview, fixture, id);
    const tools = preview.tab(id, 'Tools');
    await expect(tools).toHaveAttribute('aria-selected', 'true');
    await tools.focus();
    await page.keyboard.press('ArrowRight');
    const prompts = preview.tab(id, 'Prompts');
    await expect(prompts).toBeFocused();
    await expect(prompts).toHaveAttribute('aria-selected', 'true');
    await expect(tools).toHaveAttribute('tabindex', '-1');

    const section = new ServerPromptsSection(page, id);
    await expect(section.prompt('greet')).toBeVisible();
    await section.tryPrompt('greet', { name: 'Ada' });
    await expect(section.messages('greet')).toHaveCount(1);
    await expect(section.messages('greet').first()).toContainText('Say hello to Ada.');
    await expect(section.messages('greet').first()).toHaveAttribute('data-role', 'user');

    await prompts.focus();
    await page.keyboard.press('ArrowRight');
    await expect(preview.tab(id, 'Resources')).toBeFocused();
    await expect(preview.server(id).getByTestId('server-resources')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(preview.tab(id, 'Server log')).toBeFocused();
    await expect(preview.server(id).getByTestId('server-log')).toBeVisible();
    await page.keyboard.press('End');
    await expect(preview.tab(id, 'Trace')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tools).toBeFocused();
    await expect(tools).toHaveAttribute('aria-selected', 'true');
    // What a tab held is still there when it is selected again.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    await preview.openTab(id, 'Prompts');
    await expect(section.messages('greet').first()).toContainText('Say hello to Ada.');
    expect(await violations(page), 'a server card with its tabs').toEqual([]);
  });

  test('switching admission states the consequence first, then the catalog changes', async ({
    page,
    preview,
    servers,
  }) => {
    await preview.open();
    const id = token('admit').slice(0, 12);
    servers.track(id);
    await addWithCredentials(preview, fixture, id, 'annotations');
    await expect(preview.admitted(id, 'plain_lookup')).toBeVisible();

    const admission = new AdmissionSwitchSection(page, id);
    await expect(admission.current()).toHaveText('annotations');
    await admission.choose('strict');
    await expect(admission.consequences()).toContainText(
      'Under strict, 1 tool of this server that is admitted now will be rejected: plain_lookup.',
    );
    // Stated, not done: the tool is still admitted until the switch is confirmed.
    await expect(preview.admitted(id, 'plain_lookup')).toBeVisible();
    expect(await violations(page), 'the admission switch with its consequences').toEqual([]);

    await admission.confirm('strict');
    await expect(admission.current()).toHaveText('strict');
    await expect(preview.rejected(id, 'plain_lookup')).toContainText('MISSING_MCPLET_TYPE');
    await expect(preview.admitted(id, 'plain_lookup')).toHaveCount(0);
    await expect(preview.admitted(id, 'whoami')).toBeVisible();

    // And back: the rejected tool would be admitted again, and is.
    await admission.choose('annotations');
    await expect(admission.consequences()).toContainText(
      'Under annotations, 1 tool rejected now will be admitted: plain_lookup.',
    );
    await admission.confirm('annotations');
    await expect(preview.admitted(id, 'plain_lookup')).toBeVisible();
  });

  test('the trace shows the whole session both ways, a credential in a call masked, filterable by method', async ({
    page,
    preview,
    servers,
  }) => {
    await preview.open();
    const id = token('trace').slice(0, 12);
    servers.track(id);
    await addWithCredentials(preview, fixture, id);
    await preview.tryIt(id, 'whoami');
    await preview.call(id, 'whoami');

    const bodies = watchBodies(page);
    await preview.openTab(id, 'Trace');
    const trace = new ServerTraceSection(page, id);
    await expect(trace.entriesOf('initialize', 'sent').first()).toContainText('"protocolVersion"');
    await expect(trace.entriesOf('initialize', 'received').first()).toContainText('bearer-fixture');
    await expect(trace.entriesOf('tools/list', 'sent').first()).toBeVisible();
    await expect(trace.entriesOf('tools/list', 'received').first()).toContainText('plain_lookup');
    await expect(trace.entriesOf('notifications/initialized', 'sent').first()).toBeVisible();
    const answer = trace.entriesOf('tools/call', 'received');
    await expect(answer).toHaveCount(1);
    await expect(answer).toContainText('signed in as fixture-user');
    await expect(answer).not.toContainText(RETURNED_CREDENTIAL);
    await expect(answer).toContainText('[sensitive value withheld');
    // Newest last: the call comes after the handshake.
    const methods = await trace
      .entries()
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-method')));
    expect(methods.indexOf('initialize')).toBeLessThan(methods.lastIndexOf('tools/call'));

    await trace.filter('tools/call');
    await expect(trace.entries()).toHaveCount(2);
    await expect(trace.entriesOf('tools/call')).toHaveCount(2);
    expect(await violations(page), 'the trace tab').toEqual([]);
    for (const body of await bodies()) {
      expect(body).not.toContain(RETURNED_CREDENTIAL);
      expect(body).not.toContain(BEARER_TOKEN);
    }
  });
});

test("the Resources tab lists a server's resources and templates; a resource is read through the host, and read again", async ({
  page,
  preview,
  servers,
}) => {
  const fixture = await startResourceServer();
  try {
    const id = token('res').slice(0, 12);
    expect(
      (await servers.register({ id, name: 'Notes', transport: { type: 'http', url: fixture.url } })).status,
    ).toBe(201);
    await preview.open();
    await expect(preview.server(id).getByTestId('server-status')).toContainText('ready');
    await preview.openTab(id, 'Resources');
    const section = new ServerResourcesSection(page, id);
    await expect(section.resource('notes://guide')).toContainText('Team guide');
    await expect(section.resource('notes://topics/{topic}')).toContainText('template (topic)');
    await section.read('notes://guide');
    await expect(section.contents('notes://guide').first()).toContainText('# Team guide');
    await expect(section.readAt('notes://guide')).toBeVisible();
    const first = await section.readAt('notes://guide').textContent();
    await section.readAgain('notes://guide');
    await expect(section.readAt('notes://guide')).toBeVisible();
    expect(first).toMatch(/^Read at /);
    expect(await violations(page), 'the Resources tab').toEqual([]);
  } finally {
    await fixture.close();
  }
});
