import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import type { RecordedRequest } from '../fixtures/fake-llm/server';
import { API_SECRET, startSensitiveServer } from '../fixtures/mcp/sensitive-server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { invitedAccount } from './helpers/operator';
import { ChatPage } from './pages/chat-page';
import { ConversationExportMenu } from './pages/conversation-export';
import { SettingsPage } from './pages/settings-page';
import { FAKE_LLM_URL, HOSTED_HOST_PORT } from './ports';

// Settings are the user's: a test that changes them runs on the hosted host as a user of its own,
// so parallel tests of the shared local user never see its instructions, default model or titles.
const HOSTED = `http://localhost:${HOSTED_HOST_PORT}`;

async function requestsFor(context: BrowserContext, match: string): Promise<RecordedRequest[]> {
  const response = await context.request.get(`${FAKE_LLM_URL}/__requests?match=${encodeURIComponent(match)}`);
  return ((await response.json()) as { requests: RecordedRequest[] }).requests;
}

async function script(context: BrowserContext, match: string, text: string) {
  const response = await context.request.post(`${FAKE_LLM_URL}/__script`, {
    data: { match, steps: [{ kind: 'text', chunks: [text] }] },
  });
  expect(response.ok()).toBe(true);
}

function systemPrompt(request: RecordedRequest | undefined): string {
  const system = request?.body.messages?.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
}

test.describe('settings (hosted: a user of their own)', () => {
  let context: BrowserContext;

  test.beforeEach(async ({ browser }) => {
    context = await invitedAccount(browser, HOSTED, `Settings ${randomUUID().slice(0, 6)}`);
  });
  test.afterEach(async () => {
    await context?.close();
  });

  test("custom instructions reach the conversation's model below the host's prompt; the default model starts a new chat; a bad save is refused whole; the page is axe clean", async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    const settings = new SettingsPage(page);
    await settings.open();
    await expect(settings.passkeys).toBeVisible();
    await expect(page.getByTestId('account-settings')).toBeVisible();
    expect(await violations(page), 'settings page').toEqual([]);

    const mine = `Answer as a ship's captain ${token('ci')}`;
    await settings.customInstructions.fill(mine);
    await settings.defaultModel.selectOption('openai-compatible:fake-model-2');
    await settings.save();
    await page.reload();
    await expect(settings.customInstructions).toHaveValue(mine);
    await expect(settings.defaultModel).toHaveValue('openai-compatible:fake-model-2');

    // Too long: refused with the field named, and what was saved stays.
    const tooLong = await context.request.patch('/api/settings', {
      data: { customInstructions: 'x'.repeat(2001) },
    });
    expect(tooLong.status()).toBe(400);
    expect(((await tooLong.json()) as { error: string }).error).toContain('customInstructions');
    const stored = (await (await context.request.get('/api/settings')).json()) as {
      settings: { customInstructions: string };
    };
    expect(stored.settings.customInstructions).toBe(mine);

    const t = token('inst');
    await script(context, t, 'Aye.');
    const chat = new ChatPage(page);
    await chat.open();
    await expect(chat.modelPicker).toHaveValue('openai-compatible:fake-model-2');
    await chat.send(`Hello ${t}`);
    await expect(chat.lastAssistant()).toContainText('Aye.');
    const [request] = await requestsFor(context, t);
    expect(request?.body.model).toBe('fake-model-2');
    const system = systemPrompt(request);
    expect(system).toContain(mine);
    expect(system.indexOf(mine)).toBeGreaterThan(
      system.indexOf('You are the assistant inside an MCPlet host'),
    );
    // The user's message itself is unchanged: the instructions are in the system prompt only.
    expect(JSON.stringify(request?.body.messages?.filter((m) => m.role !== 'system'))).not.toContain(mine);
  });

  test('generated titles: after the first reply the sidebar shows the title the model gave, and no scripted reply is taken for it', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    const settings = new SettingsPage(page);
    await settings.open();
    // The e2e hosts leave titles off for users who have not chosen (tests/e2e/hosted.config.json).
    await expect(settings.titles('host')).toBeChecked();
    await settings.titles('on').check();
    await settings.save();

    const t = token('titl');
    await script(context, t, 'A fine reply.');
    const chat = new ChatPage(page);
    await chat.open();
    await chat.send(`Name this ${t} please`);
    await expect(chat.lastAssistant()).toContainText('A fine reply.');
    await chat.waitIdle();
    await expect(chat.conversationRow(`Titled Name this ${t} please`)).toBeVisible();
    // One model request for the turn: the title request was answered as one, not as the turn's script.
    expect(await requestsFor(context, t)).toHaveLength(1);
  });
});

test.describe('settings (local)', () => {
  test("the theme is this device's: dark, light, or as the system, applied at once and kept across a reload", async ({
    page,
  }) => {
    const settings = new SettingsPage(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await settings.open();
    await expect(settings.theme('system')).toBeChecked();
    await settings.pickTheme('dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(settings.theme('dark')).toBeChecked();
    expect(await violations(page), 'settings page, dark').toEqual([]);
    await settings.pickTheme('light');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await settings.pickTheme('system');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(settings.theme('system')).toBeChecked();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('export: the conversation downloads as Markdown and as JSON from its sidebar menu, with a withheld value still withheld', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const fixture = await startSensitiveServer();
    try {
      const id = token('xvault').slice(0, 12);
      expect(
        (await servers.register({ id, name: 'Vault', transport: { type: 'http', url: fixture.url } })).status,
      ).toBe(201);
      const t = token('export');
      await fakeModel.script(t, [
        { kind: 'tool-calls', calls: [{ name: `${id}__create_api_key`, arguments: {} }] },
        { kind: 'text', chunks: ['Your key is ready.'] },
      ]);
      await chat.open();
      await chat.send(`Key please ${t}`);
      await expect(chat.lastAssistant()).toContainText('Your key is ready.');
      await chat.waitIdle();

      const menu = new ConversationExportMenu(page, chat.conversationRow(`Key please ${t}`));
      const markdown = await menu.download('md');
      expect(markdown.name).toBe(`key-please-${t}.md`);
      expect(markdown.text).toContain(`## You\n\nKey please ${t}`);
      expect(markdown.text).toContain('create_api_key');
      expect(markdown.text).toContain('Your key is ready.');
      expect(markdown.text).toContain('[sensitive value withheld');
      expect(markdown.text).not.toContain(API_SECRET);

      const json = await menu.download('json');
      expect(json.name).toBe(`key-please-${t}.json`);
      const data = JSON.parse(json.text) as { messages: Array<{ role: string }> };
      expect(data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(json.text).toContain('[sensitive value withheld');
      expect(json.text).not.toContain(API_SECRET);
    } finally {
      await fixture.close();
    }
  });
});
