import type { FakeStep } from '../fixtures/fake-llm/script';
import {
  BOOKING_MESSAGE,
  type ElicitServer,
  SIGN_IN_MESSAGE,
  startElicitServer,
} from '../fixtures/mcp/elicit-server';
import { expect, type FakeModel, type Servers, test, token } from './fixtures';
import { violations } from './helpers/axe';
import type { ChatPage } from './pages/chat-page';
import { ElicitationDialog } from './pages/elicitation-dialog';

interface SentMessage {
  role: string;
  content?: unknown;
}

/** Every tool message the host sent the model, in order. */
function toolTexts(messages: SentMessage[] | undefined): string[] {
  return (messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));
}

/** Runs `run` with the elicitation fixture server registered under `name`; closes it after. */
async function withElicitServer(
  servers: Servers,
  name: string,
  run: (fixture: ElicitServer, id: string) => Promise<void>,
): Promise<void> {
  const fixture = await startElicitServer();
  try {
    const id = token('elicit').slice(0, 12);
    const registered = await servers.register({ id, name, transport: { type: 'http', url: fixture.url } });
    expect(registered.status).toBe(201);
    await run(fixture, id);
  } finally {
    await fixture.close();
  }
}

/** Scripts the model's steps for a new message, opens the chat and sends it; returns the message's token. */
async function startTurn(
  chat: ChatPage,
  fakeModel: FakeModel,
  label: string,
  text: string,
  steps: FakeStep[],
): Promise<string> {
  const t = token(label);
  await fakeModel.script(t, steps);
  await chat.open();
  await chat.send(`${text} ${t}`);
  return t;
}

test.describe('MCP elicitation (client feature, 2025-11-25)', () => {
  // Questions belong to the user, not the page: every tab of the one local user shows them, so these
  // tests, which answer them, run one at a time.
  test.describe.configure({ mode: 'serial' });

  test('form mode: a model-called tool asks; accept (defaults applied, checked server-side), decline and cancel each reach the server and its result', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withElicitServer(servers, 'Bistro', async (fixture, id) => {
      const call = { name: `${id}__book_table`, arguments: {} };
      const t = await startTurn(chat, fakeModel, 'book', `Book a table`, [
        { kind: 'tool-calls', calls: [call] },
        { kind: 'tool-calls', calls: [call] },
        { kind: 'tool-calls', calls: [call] },
        { kind: 'text', chunks: ['Booked, declined, cancelled.'] },
      ]);

      const dialog = new ElicitationDialog(page);
      await dialog.expectAsking('form', 'Bistro', 'book_table');
      // Form mode: the server's message as plain text, never markup.
      await expect(dialog.message()).toHaveText(BOOKING_MESSAGE);
      // Defaults applied before the user types anything.
      await expect(dialog.field('Guests')).toHaveValue('2');
      await expect(dialog.field('Seating')).toHaveValue('inside');
      await expect(dialog.field('Vegetarian menu')).not.toBeChecked();
      expect(await violations(page), 'elicitation form dialog').toEqual([]);

      // Keyboard: fill the form and submit it with Enter.
      await dialog.field('Your name').fill('Ada');
      await dialog.field('Seating').selectOption('terrace');
      await dialog.field('Your name').press('Enter');
      await expect
        .poll(() => fixture.answered[0])
        .toEqual({
          tool: 'book_table',
          action: 'accept',
          content: { name: 'Ada', guests: 2, seating: 'terrace', vegetarian: false },
        });

      await dialog.expectAsking('form', 'Bistro', 'book_table');
      // The schema is enforced by the host, not the browser: a refused answer never reaches the server.
      const pending = async () =>
        ((await (await page.request.get('/api/elicitations')).json()) as { prompts: Array<{ id: string }> })
          .prompts;
      await expect.poll(async () => (await pending()).length).toBe(1);
      const [asked] = await pending();
      const refused = await page.request.post(`/api/elicitations/${asked?.id}`, {
        data: { action: 'accept', content: { name: 'Ada', guests: 40, extra: 'x' } },
      });
      expect(refused.status()).toBe(422);
      expect(fixture.answered).toHaveLength(1);

      await dialog.decline();
      await expect.poll(() => fixture.answered[1]).toEqual({ tool: 'book_table', action: 'decline' });

      await dialog.expectAsking('form', 'Bistro', 'book_table');
      await expect(dialog.asker()).toContainText('Bistro');
      await expect(dialog.asker()).toContainText('book_table');
      await page.keyboard.press('Escape');
      await expect.poll(() => fixture.answered[2]).toEqual({ tool: 'book_table', action: 'cancel' });
      await expect(dialog.root).toHaveCount(0);

      await expect(chat.lastAssistant()).toContainText('Booked, declined, cancelled.');
      const requests = await fakeModel.requests(t);
      const last = requests[requests.length - 1]?.body.messages as SentMessage[];
      const texts = toolTexts(last);
      expect(texts[0]).toContain('elicitation accept');
      expect(texts[0]).toContain('"seating":"terrace"');
      expect(texts[1]).toContain('elicitation decline');
      expect(texts[2]).toContain('elicitation cancel');
    });
  });

  test('URL mode: a consent dialog names the domain; Open opens it in a new tab; the server accepts and its completion ends the waiting note', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withElicitServer(servers, 'Calendar', async (fixture, id) => {
      await startTurn(chat, fakeModel, 'signin', `Sign me in`, [
        { kind: 'tool-calls', calls: [{ name: `${id}__sign_in`, arguments: {} }] },
        { kind: 'text', chunks: ['Signed in.'] },
      ]);

      const dialog = new ElicitationDialog(page);
      await dialog.expectAsking('url', 'Calendar', 'sign_in');
      await expect(dialog.message()).toHaveText(SIGN_IN_MESSAGE);
      await expect(dialog.domain()).toHaveText('127.0.0.1');
      await expect(dialog.url()).toHaveText(fixture.consentUrl);
      expect(await violations(page), 'elicitation URL consent dialog').toEqual([]);

      const popup = await dialog.open('127.0.0.1');
      await popup.waitForLoadState();
      expect(popup.url()).toBe(fixture.consentUrl);
      // noopener: the page opened cannot reach back to the host's window.
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();

      await expect.poll(() => fixture.answered).toEqual([{ tool: 'sign_in', action: 'accept' }]);
      await expect(dialog.root).toHaveCount(0);
      await expect(dialog.waiting).toHaveText(/Waiting for 127\.0\.0\.1/);
      // The call is still running: only the server's completion notification ends the note.
      fixture.complete();
      await expect(dialog.waiting).toHaveCount(0);
      await expect(chat.lastAssistant()).not.toContainText('Signed in.');
      fixture.release();
      await expect(chat.lastAssistant()).toContainText('Signed in.');
    });
  });

  test('a user who answers after the model’s silence limit (LLM_TIMEOUT_MS, 4 s in tests) still gets the call run: waiting for the user is not the model being slow', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withElicitServer(servers, 'Bistro', async (fixture, id) => {
      await startTurn(chat, fakeModel, 'slow', `Book a table`, [
        { kind: 'tool-calls', calls: [{ name: `${id}__book_table`, arguments: {} }] },
        { kind: 'text', chunks: ['Booked late.'] },
      ]);
      const dialog = new ElicitationDialog(page);
      await dialog.expectAsking('form', 'Bistro', 'book_table');
      // The passage of time is what is tested: longer than the model may stay silent.
      await page.waitForTimeout(5_000);
      await dialog.field('Your name').fill('Ada');
      await dialog.field('Your name').press('Enter');
      await expect.poll(() => fixture.answered[0]?.action).toBe('accept');
      await expect(chat.lastAssistant()).toContainText('Booked late.');
      await expect(chat.error).toHaveCount(0);
    });
  });

  test('a question its server withdraws is taken down as the turn ends, not at the next idle ask 5 s later', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    await withElicitServer(servers, 'Bistro', async (_fixture, id) => {
      await startTurn(chat, fakeModel, 'brief', 'Ask me briefly', [
        { kind: 'tool-calls', calls: [{ name: `${id}__ask_briefly`, arguments: {} }] },
        { kind: 'text', chunks: ['Moved on without it.'] },
      ]);
      const dialog = new ElicitationDialog(page);
      await dialog.expectAsking('form', 'Bistro', 'ask_briefly');
      // Nobody answers: after BRIEF_ASK_MS the server withdraws its question and the turn goes on.
      // BRIEF_ASK_MS is off the half-second grid of the asks while the turn runs, so none of them
      // falls between the withdrawal and the turn's end.
      await expect(chat.lastAssistant()).toContainText('Moved on without it.', { timeout: 10_000 });
      await chat.waitIdle();
      // The turn's end asks once more while a question is shown; the idle ask would come 5 s later.
      await expect(dialog.root).toBeHidden({ timeout: 2_000 });
    });
  });

  test('an idle page asks for questions every 5 s, and every half second while a chat turn runs (not as it starts)', async ({
    chat,
    fakeModel,
    page,
  }) => {
    let polls = 0;
    const pollTimes: number[] = [];
    let sentAt = 0;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/elicitations' && request.method() === 'GET') {
        polls++;
        pollTimes.push(Date.now());
      }
      if (path === '/api/chat' && sentAt === 0) sentAt = Date.now();
    });
    // In the page, in its own order: each ask as the page sends it, and the moment the page sees its
    // turn end (the chat leaves 'streaming'). Times taken in the test from the browser's events lag
    // behind the page under load, and an ask sent while the turn still ran could read as after it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __askLog: string[] }).__askLog = seen;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (new URL(url, location.href).pathname === '/api/elicitations' && !init?.method) seen.push('ask');
        return send(input, init);
      };
      new MutationObserver((changes) => {
        for (const change of changes) {
          const target = change.target as HTMLElement;
          if (target.dataset.testid !== 'chat') continue;
          if (change.oldValue === 'streaming' && target.dataset.status !== 'streaming') seen.push('ended');
        }
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-status'],
        attributeOldValue: true,
      });
    });
    // The page's clock runs on its own and is moved ahead at will: no waiting out the intervals.
    await page.clock.install();
    const first = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/elicitations');
    await chat.open();
    await first;
    const idle = polls;
    await page.clock.runFor(6_000);
    expect(polls - idle).toBeLessThanOrEqual(1);

    const t = token('slow');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['One', ' moment', ' please', '.'], delayMs: 1_060 }]);
    await chat.send(`Take your time ${t}`);
    await expect(page.getByTestId('chat')).toHaveAttribute('data-status', 'streaming');
    const calling = polls;
    await page.clock.runFor(2_000);
    expect(polls - calling).toBeGreaterThanOrEqual(3);
    // Not as the turn starts (nothing can have been asked yet, and the turn is busy): the
    // first ask comes an interval in (500 ms; at once, it would be within a few ms of the send).
    const firstAfterSend = pollTimes.find((at) => at >= sentAt) ?? Number.POSITIVE_INFINITY;
    expect(firstAfterSend - sentAt).toBeGreaterThanOrEqual(250);
    // Nor as it ends with nothing shown (nothing to take down): the next ask is the idle one. (The
    // page's clock also runs on its own: the parts' 1,060 ms keep the turn's end about midway
    // between two of the half-second asks, not beside one.)
    await chat.waitIdle();
    await page.waitForLoadState('networkidle');
    const atEnd = polls;
    const seen = await page.evaluate(() => (window as unknown as { __askLog: string[] }).__askLog);
    expect(seen.slice(seen.lastIndexOf('ended'))).toEqual(['ended']);
    await page.clock.runFor(5_000);
    await expect.poll(() => polls).toBe(atEnd + 1);
  });
});
