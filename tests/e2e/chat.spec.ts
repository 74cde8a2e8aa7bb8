import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';

test.describe('chat', () => {
  test('a streamed reply is saved and survives a reload', async ({ chat, fakeModel, page }) => {
    const t = token('hello');
    await fakeModel.script(t, [
      { kind: 'text', chunks: ['Hello ', 'from ', 'the **fake** model.'], delayMs: 30 },
    ]);
    await chat.open();
    await chat.send(`Say hi ${t}`);
    await expect(chat.lastAssistant()).toContainText('Hello from the fake model.');
    await expect(chat.lastAssistant().locator('strong')).toHaveText('fake');
    await chat.waitIdle();
    await expect(page).toHaveURL(/\/c\//);
    await expect(chat.conversationRow(`Say hi ${t}`)).toBeVisible();

    await page.reload();
    await expect(chat.userMessages()).toHaveText([`Say hi ${t}`]);
    await expect(chat.lastAssistant()).toContainText('Hello from the fake model.');
  });

  test("a new chat's first reply is markdown at once: the renderer loaded and rendered once while the page was idle", async ({
    chat,
    fakeModel,
  }) => {
    const t = token('md-first');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['A **bold** claim.'] }]);
    await chat.open();
    await expect
      .poll(() => chat.markdownReady(), {
        message: 'the markdown renderer loads before any message needs it',
      })
      .toBe(true);
    // Its parsers' first run (10-16 ms of a view's boot when it came with the first reply) is done at idle too.
    await expect
      .poll(() => chat.markdownWarmed(), {
        message: 'the markdown renderer renders once off the page while the page is idle',
      })
      .toBe(true);
    await chat.watchForRawText('**bold**');
    await chat.send(`Claim ${t}`);
    await expect(chat.lastAssistant().locator('strong')).toHaveText('bold');
    expect(await chat.rawTextSeen(), 'the reply never showed its markdown as plain text').toBe(false);
  });

  test('the chat follows a streamed reply while the reader is at its end, and leaves a reader who scrolled up where they are', async ({
    chat,
    fakeModel,
  }) => {
    const t = token('follow');
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long reply.\n\n`);
    await fakeModel.script(`${t} first`, [{ kind: 'text', chunks: lines, delayMs: 10 }]);
    await fakeModel.script(`${t} second`, [{ kind: 'text', chunks: lines, delayMs: 10 }]);
    await chat.open();
    await chat.send(`A long reply ${t} first`);
    await expect(chat.lastAssistant()).toContainText('Line 40 of a long reply.');
    expect(await chat.messages.evaluate((el) => el.scrollHeight > el.clientHeight + 400)).toBe(true);
    await expect.poll(() => chat.distanceFromBottom(), { message: 'the reply was followed' }).toBeLessThan(2);
    await chat.waitIdle();

    await chat.messages.evaluate((el) => el.scrollTo(0, 0));
    await chat.send(`Another ${t} second`);
    await expect(chat.lastAssistant()).toContainText('Line 40 of a long reply.');
    await chat.waitIdle();
    expect(await chat.messages.evaluate((el) => el.scrollTop)).toBe(0);
  });

  test('a provider error shows a retry, keeps the text, and the retry answers', async ({
    chat,
    fakeModel,
  }) => {
    const t = token('flaky');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Recovered answer'] }]);
    await fakeModel.script(t, [{ kind: 'error', status: 500 }], { times: 1 });
    await chat.open();
    await chat.send(`Important question ${t}`);
    await expect(chat.error).toContainText('internal error (HTTP 500)');
    await expect(chat.userMessages().last()).toHaveText(`Important question ${t}`);
    await chat.error.getByRole('button', { name: 'Retry' }).click();
    await expect(chat.lastAssistant()).toContainText('Recovered answer');
    await expect(chat.error).toHaveCount(0);
    await chat.page.reload();
    await expect(chat.userMessages()).toHaveText([`Important question ${t}`]);
    await expect(chat.lastAssistant()).toContainText('Recovered answer');
  });

  test('401, 429 and a stream cut mid-way each read as a clear message', async ({ chat, fakeModel }) => {
    const cases = [
      { step: { kind: 'error' as const, status: 401 }, text: /refused the credentials/ },
      { step: { kind: 'error' as const, status: 429 }, text: /rate limiting/ },
      { step: { kind: 'cut' as const, chunks: ['Half an ans'] }, text: /stopped streaming mid-way/ },
    ];
    for (const c of cases) {
      const t = token('fail');
      await fakeModel.script(t, [c.step]);
      await chat.open();
      await chat.send(`Try ${t}`);
      await expect(chat.error).toContainText(c.text);
      await expect(chat.error.getByRole('button', { name: 'Retry' })).toBeVisible();
    }
  });

  test('a reply cut off mid-way is kept and marked after a reload, and Regenerate replaces it', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('cutoff');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['A whole answer.'] }]);
    await fakeModel.script(t, [{ kind: 'cut', chunks: ['Half an ans'] }], { times: 1 });
    await chat.open();
    await chat.send(`Answer ${t}`);
    await expect(chat.error).toContainText(/stopped streaming mid-way/);
    await expect.poll(() => chat.storedEnding()).toBe('cut-off');
    await page.reload();
    await expect(chat.lastAssistant()).toContainText('Half an ans');
    await expect(chat.lastAssistant().getByTestId('reply-cut-off')).toBeVisible();
    await chat.regenerate();
    await expect(chat.lastAssistant()).toContainText('A whole answer.');
    await expect(chat.assistantMessages()).toHaveCount(1);
    await expect(chat.lastAssistant().getByTestId('reply-cut-off')).toHaveCount(0);
  });

  test('a slow model reaches the user as a timeout, not a hang', async ({ chat, fakeModel }) => {
    const t = token('hang');
    await fakeModel.script(t, [{ kind: 'hang' }]);
    await chat.open();
    await chat.send(`Wait ${t}`);
    await expect(chat.error).toContainText(/did not answer in time/, { timeout: 30_000 });
  });

  test('stop ends the stream and keeps what arrived, marked stopped, also after a reload', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('slow');
    const chunks = Array.from({ length: 60 }, (_, i) => `word${i} `);
    await fakeModel.script(t, [{ kind: 'text', chunks, delayMs: 80 }]);
    await chat.open();
    await chat.send(`Long story ${t}`);
    await expect(chat.lastAssistant()).toContainText('word2');
    await chat.page.getByTestId('stop').click();
    await chat.waitIdle();
    await expect(chat.lastAssistant()).not.toContainText('word59');
    await expect(chat.page.getByTestId('send')).toBeVisible();
    await expect(chat.lastAssistant().getByTestId('reply-stopped')).toBeVisible();

    // The server stopped too, and kept the partial reply marked as such.
    await expect.poll(() => chat.storedEnding()).toBe('stopped');
    await page.reload();
    await expect(chat.lastAssistant()).toContainText('word2');
    await expect(chat.lastAssistant()).not.toContainText('word59');
    await expect(chat.lastAssistant().getByTestId('reply-stopped')).toBeVisible();
  });

  test('Enter while a reply runs keeps the message and says why; once the reply ends, Enter sends it', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('busy');
    const next = token('next');
    // Long enough (10 s) that typing and Enter land while it runs on a slow machine too.
    const chunks = Array.from({ length: 125 }, (_, i) => `part${i} `);
    await fakeModel.script(t, [{ kind: 'text', chunks, delayMs: 80 }]);
    await fakeModel.script(next, [{ kind: 'text', chunks: ['Second answer.'] }]);
    await chat.open();
    await chat.send(`Long answer ${t}`);
    await expect(chat.lastAssistant()).toContainText('part1');
    await chat.composer.fill(`And then ${next}`);
    await chat.composer.press('Enter');
    const hint = page.getByTestId('composer-hint');
    await expect(hint).toContainText('your message waits here');
    await expect(hint).toBeVisible();
    await expect(chat.composer).toHaveValue(`And then ${next}`);
    await chat.waitIdle(30_000);
    await expect(hint).toContainText('Enter to send');
    await chat.composer.press('Enter');
    await expect(chat.lastAssistant()).toContainText('Second answer.');
    await expect(chat.composer).toHaveValue('');
  });

  test('the address names a new conversation just after its send, on a page that never goes idle; a reload finds it', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('address');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['one ', 'two ', 'three'], delayMs: 80 }]);
    await chat.open();
    // Back-to-back tasks for 3 s (a message channel, not timers: nested timers leave 4 ms gaps), so
    // no idle moment comes while the reply streams.
    await page.evaluate(() => {
      const channel = new MessageChannel();
      const until = performance.now() + 3_000;
      channel.port1.onmessage = () => {
        const sliceEnd = performance.now() + 20;
        while (performance.now() < sliceEnd) {}
        if (performance.now() < until) channel.port2.postMessage(null);
      };
      channel.port2.postMessage(null);
    });
    await chat.send(`Name it ${t}`);
    await expect(chat.lastAssistant()).toContainText('two');
    expect(new URL(page.url()).pathname).toMatch(/^\/c\//);
    await page.reload();
    await expect(chat.userMessages()).toHaveText([`Name it ${t}`]);
    await expect(chat.lastAssistant()).toContainText('three');
  });

  test('a reload during a reply picks it up where it is, and it ends complete', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('resume');
    // 15 s of reply: on a loaded CI run the page took over 2.4 s (30 parts of 80 ms) to reach the reload.
    const chunks = Array.from({ length: 60 }, (_, i) => `part${i} `);
    await fakeModel.script(t, [{ kind: 'text', chunks, delayMs: 250 }]);
    await chat.open();
    await chat.send(`Tell it slowly ${t}`);
    await expect(chat.lastAssistant()).toContainText('part2');
    // The address names the new conversation in the task after the send.
    await chat.conversationId();
    await expect(chat.lastAssistant()).not.toContainText('part59');
    await page.reload();
    await expect(chat.lastAssistant()).toContainText('part59', { timeout: 45_000 });
    await chat.waitIdle();
    await expect(page.getByTestId('unanswered')).toHaveCount(0);
    await expect(chat.assistantMessages()).toHaveCount(1);
    await expect(chat.lastAssistant().getByTestId('reply-stopped')).toHaveCount(0);
    await page.reload();
    await expect(chat.lastAssistant()).toContainText('part0 part1 part2');
    await expect(chat.lastAssistant()).toContainText('part59');
    await expect(chat.lastAssistant().getByTestId('reply-stopped')).toHaveCount(0);
  });

  test('starter prompts, copy, and editing the latest message (kept after a reload)', async ({
    chat,
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await chat.open();
    await expect(chat.modeSelect.locator('option:checked')).toHaveText('Answer or use tools');
    const starters = page.getByTestId('starters').getByRole('button');
    await expect(starters).toHaveCount(3);
    await starters.first().click();
    await expect(chat.userMessages().last()).toHaveText('Find a vegan restaurant in Ebisu');
    await expect(chat.lastAssistant()).toContainText('Echo: Find a vegan restaurant in Ebisu');
    await chat.waitIdle();

    await chat.lastAssistant().getByTestId('copy-message').click();
    await expect(chat.lastAssistant().getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'Echo: Find a vegan restaurant in Ebisu',
    );

    const edited = `Find a Japanese place in Ginza ${token('edit')}`;
    await chat.userMessages().last().getByTestId('edit-message').click();
    const draft = chat.userMessages().last().getByTestId('edit-draft');
    await expect(draft).toBeFocused();
    await draft.fill(edited);
    await draft.press('Enter');
    await expect(chat.lastAssistant()).toContainText(`Echo: ${edited}`);
    await chat.waitIdle();
    await expect(chat.userMessages()).toHaveCount(1);
    await expect(chat.assistantMessages()).toHaveCount(1);
    await page.reload();
    await expect(chat.userMessages()).toHaveCount(1);
    // The message's own words (the earlier version stays a version away: versions.spec.ts).
    await expect(chat.userMessages().last().locator('p').first()).toHaveText(edited);
    await expect(chat.lastAssistant()).toContainText(`Echo: ${edited}`);
  });

  test('regenerate replaces the last reply', async ({ chat, fakeModel }) => {
    const t = token('regen');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Second take'] }]);
    await fakeModel.script(t, [{ kind: 'text', chunks: ['First take'] }], { times: 1 });
    await chat.open();
    await chat.send(`Write a line ${t}`);
    await expect(chat.lastAssistant()).toContainText('First take');
    await chat.regenerate();
    await expect(chat.lastAssistant()).toContainText('Second take');
    await expect(chat.assistantMessages()).toHaveCount(1);
    await chat.page.reload();
    await expect(chat.assistantMessages()).toHaveCount(1);
    await expect(chat.lastAssistant()).toContainText('Second take');
  });

  test('model HTML never reaches the DOM raw; code blocks render, highlighted', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('xss');
    const reply = [
      'Look: <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>',
      '[click](javascript:window.__pwned=3)',
      '```js\nconst answer = 42;\n```',
      '```html\n<img src=x onerror="window.__pwned=4">\n```',
    ].join('\n\n');
    await fakeModel.script(t, [{ kind: 'text', chunks: [reply] }]);
    await chat.open();
    await chat.send(`Render this ${t}`);
    const code = chat.lastAssistant().locator('pre code');
    await expect(code.first()).toHaveText('const answer = 42;');
    await expect(code.first()).toHaveAttribute('data-highlighted', '');
    await expect(code.first().locator('.hljs-keyword')).toHaveText('const');
    await expect(code.first().locator('.hljs-number')).toHaveText('42');
    // Highlighted HTML is text in spans, never markup.
    await expect(code.nth(1)).toHaveAttribute('data-highlighted', '');
    await expect(code.nth(1)).toHaveText('<img src=x onerror="window.__pwned=4">');
    await expect(chat.lastAssistant().locator('img, script')).toHaveCount(0);
    const href = await chat.lastAssistant().getByRole('link', { name: 'click' }).getAttribute('href');
    expect(href ?? '').not.toContain('javascript:');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('conversations can be renamed and deleted', async ({ chat, fakeModel, page }) => {
    const t = token('rename');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['ok'] }]);
    await chat.open();
    await chat.send(`Topic ${t}`);
    await chat.waitIdle();
    const row = chat.conversationRow(`Topic ${t}`);
    await row.getByRole('button', { name: /Rename/ }).click();
    const input = chat.conversationList.getByLabel('New title');
    await input.fill(`Renamed ${t}`);
    await input.press('Enter');
    await expect(chat.conversationRow(`Renamed ${t}`)).toBeVisible();
    await page.reload();
    await expect(chat.conversationRow(`Renamed ${t}`)).toBeVisible();

    await chat
      .conversationRow(`Renamed ${t}`)
      .getByRole('button', { name: /Delete/ })
      .click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    expect(await violations(page), 'delete confirmation').toEqual([]);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(chat.conversationRow(`Renamed ${t}`)).toHaveCount(0);
  });

  test('the conversation list is grouped by date and searchable by title', async ({ chat, page }) => {
    const t = token('find');
    await chat.open();
    await chat.send(`Search me ${t}`);
    await chat.waitIdle();
    await expect(chat.conversationList.getByRole('list', { name: 'Today' })).toContainText(`Search me ${t}`);
    const search = page.getByTestId('conversation-search');
    await search.fill(t.toUpperCase());
    await expect(chat.conversationList.getByRole('listitem')).toHaveCount(1);
    await expect(chat.conversationRow(`Search me ${t}`)).toBeVisible();
    await search.fill(`no such title ${t}`);
    await expect(chat.conversationList.getByRole('listitem')).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: `Nothing found for “no such title` }),
    ).toBeVisible();
    await search.fill('');
    await expect(chat.conversationRow(`Search me ${t}`)).toBeVisible();
  });

  test('the model picker lists the configured models and the choice is sent', async ({ chat, fakeModel }) => {
    const t = token('pick');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['picked'] }]);
    await chat.open();
    await expect(chat.modelPicker.locator('option')).toHaveText([
      'fake-model (OpenAI-compatible)',
      'fake-model-2 (OpenAI-compatible)',
    ]);
    await chat.modelPicker.selectOption('openai-compatible:fake-model-2');
    await chat.send(`Which model ${t}`);
    await expect(chat.lastAssistant()).toContainText('picked');
    const [request] = await fakeModel.requests(t);
    expect(request?.body.model).toBe('fake-model-2');
  });

  test('an unknown conversation shows not found', async ({ page }) => {
    await page.goto('/c/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
  });
});
