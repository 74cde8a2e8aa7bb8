import type { FakeStep } from '../fixtures/fake-llm/script';
import { startProbeServer } from '../fixtures/mcp/probe-server';
import {
  SAMPLING_SYSTEM,
  type SamplingServer,
  samplingText,
  startLegacySamplingServer,
  startModernSamplingServer,
} from '../fixtures/mcp/sampling-server';
import { AWS_KEY } from '../fixtures/mcp/sensitive-server';
import { expect, type FakeModel, type Servers, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { ActionLog } from './pages/action-log';
import type { ChatPage } from './pages/chat-page';
import { SamplingDialog } from './pages/sampling-dialog';
import { Views } from './pages/views';

interface SentMessage {
  role: string;
  content?: unknown;
}

/** Every tool message the host sent the model, in order. */
function toolTexts(messages: SentMessage[] | undefined): string[] {
  return (messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));
}

/** Runs `run` with a sampling fixture server registered under `name`; closes it after. */
async function withServer(
  servers: Servers,
  start: () => Promise<SamplingServer>,
  name: string,
  run: (fixture: SamplingServer, id: string) => Promise<void>,
): Promise<void> {
  const fixture = await start();
  try {
    const id = token('sample').slice(0, 12);
    const registered = await servers.register({ id, name, transport: { type: 'http', url: fixture.url } });
    expect(registered.status).toBe(201);
    await run(fixture, id);
  } finally {
    await fixture.close();
  }
}

async function startTurn(
  chat: ChatPage,
  fakeModel: FakeModel,
  label: string,
  text: string,
  steps: FakeStep[],
) {
  const t = token(label);
  await fakeModel.script(t, steps);
  await chat.open();
  await chat.send(`${text} ${t}`);
  return t;
}

test.describe('MCP sampling (client feature of 2025-11-25; input_required of 2026-07-28)', () => {
  // Requests belong to the user, not the page: these tests answer them, so they run one at a time.
  test.describe.configure({ mode: 'serial' });

  test('2026-07-28: the dialog shows the whole request; the user edits the message and approves; the model gets exactly the edited request and nothing of the conversation; the server gets the answer scrubbed', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withServer(servers, startModernSamplingServer, 'Drafts', async (fixture, id) => {
      const t = await startTurn(chat, fakeModel, 'draft', 'Draft a reply', [
        { kind: 'tool-calls', calls: [{ name: `${id}__draft_reply`, arguments: { topic: 'refunds' } }] },
        { kind: 'text', chunks: ['Drafted.'] },
      ]);
      const dialog = new SamplingDialog(page);
      await dialog.expectAsking('Drafts', 'draft_reply');
      await expect(dialog.asker()).toContainText('Drafts');
      await expect(dialog.asker()).toContainText('draft_reply');
      await expect(dialog.systemPrompt()).toHaveText(SAMPLING_SYSTEM);
      await expect(dialog.message(0)).toHaveValue(samplingText('refunds'));
      await expect(dialog.params()).toContainText('120 tokens');
      await expect(dialog.params()).toContainText('0.3');
      await expect(dialog.params()).toContainText('"END"');
      await expect(dialog.params()).toContainText('small');
      expect(await violations(page), 'sampling dialog').toEqual([]);

      const edited = token('edited');
      const editedText = `Reply kindly about refunds ${edited}`;
      await fakeModel.script(edited, [{ kind: 'text', chunks: [`Sure, refunds take a week. ${AWS_KEY}`] }]);
      await dialog.message(0).fill(editedText);
      await dialog.approve();
      await expect(dialog.root).toHaveCount(0);

      await expect.poll(() => fixture.answers.length).toBe(1);
      const sent = await fakeModel.requests(edited);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body.messages).toEqual([
        { role: 'system', content: SAMPLING_SYSTEM },
        { role: 'user', content: editedText },
      ]);
      // Nothing of the conversation: not the user's chat message, not the host's tools.
      expect(JSON.stringify(sent[0]?.body)).not.toContain(t);
      expect(sent[0]?.body.tools).toBeUndefined();

      const answer = JSON.stringify(fixture.answers[0]?.result);
      expect(answer).toContain('Sure, refunds take a week.');
      expect(answer).not.toContain(AWS_KEY);

      await expect(chat.lastAssistant()).toContainText('Drafted.');
      const turn = await fakeModel.requests(t);
      const texts = toolTexts(turn[turn.length - 1]?.body.messages as SentMessage[]);
      expect(texts[0]).toContain('draft: Sure, refunds take a week.');
    });
  });

  test("MCP Apps: a view's own sampling request stops at the same dialog, named as the view's; approved, it runs on the conversation's model with only what the view sent; denied, the view gets the refusal; the action log says the view asked", async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const probe = await startProbeServer();
    try {
      const id = token('probe').slice(0, 12);
      const registered = await servers.register({
        id,
        name: 'Probe',
        transport: { type: 'http', url: probe.url },
      });
      expect(registered.status).toBe(201);
      const subject = token('subject');
      const t = await startTurn(chat, fakeModel, 'viewask', 'Probe', [
        { kind: 'tool-calls', calls: [{ name: `${id}__probe_inline`, arguments: { text: subject } }] },
        { kind: 'text', chunks: ['Shown.'] },
      ]);
      const views = new Views(page);
      await views.ready();
      const view = views.view();
      await expect(view.getByTestId('ready')).toHaveText('yes');
      await expect(chat.lastAssistant()).toContainText('Shown.');
      await fakeModel.script(subject, [{ kind: 'text', chunks: ['The probe shows three items.'] }]);

      await view.locator('#ask-model').click();
      const dialog = new SamplingDialog(page);
      await dialog.expectAsking('Probe', 'probe_inline');
      await expect(dialog.root).toHaveAttribute('data-from', 'view');
      await expect(dialog.asker()).toContainText('The view of Probe');
      await expect(dialog.message(0)).toHaveValue(`Summarise the probe for ${subject}`);
      await dialog.approve();
      await expect(view.getByTestId('ask-model-result')).toHaveText('The probe shows three items.');
      const sent = await fakeModel.requests(subject);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.body.messages).toEqual([
        { role: 'user', content: `Summarise the probe for ${subject}` },
      ]);
      // Nothing of the conversation: not the user's chat message.
      expect(JSON.stringify(sent[0]?.body)).not.toContain(t);

      await view.locator('#ask-model').click();
      await dialog.expectAsking('Probe', 'probe_inline');
      await dialog.deny();
      await expect(view.getByTestId('ask-model-result')).toContainText('User rejected sampling request');
      expect(await fakeModel.requests(subject)).toHaveLength(1);

      const log = new ActionLog(await page.context().newPage());
      await log.page.goto('/audit');
      await expect(log.rows('probe_inline', /view, asking the model/, id)).toHaveCount(2);
    } finally {
      await probe.close();
    }
  });

  test('2025-11-25: a denied request gets "User rejected sampling request" and the tool result says so', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withServer(servers, startLegacySamplingServer, 'Letters', async (fixture, id) => {
      const t = await startTurn(chat, fakeModel, 'deny', 'Draft a letter', [
        { kind: 'tool-calls', calls: [{ name: `${id}__draft_reply`, arguments: { topic: 'rent' } }] },
        { kind: 'text', chunks: ['No draft, then.'] },
      ]);
      const dialog = new SamplingDialog(page);
      await dialog.expectAsking('Letters', 'draft_reply');
      await expect(dialog.message(0)).toHaveValue(samplingText('rent'));
      await dialog.deny();
      await expect(dialog.root).toHaveCount(0);

      await expect.poll(() => fixture.answers[0]?.error?.code).toBe(-1);
      expect(fixture.answers[0]?.error?.message).toContain('User rejected sampling request');
      await expect(chat.lastAssistant()).toContainText('No draft, then.');
      const turn = await fakeModel.requests(t);
      const texts = toolTexts(turn[turn.length - 1]?.body.messages as SentMessage[]);
      expect(texts[0]).toContain('User rejected sampling request');
    });
  });
});
