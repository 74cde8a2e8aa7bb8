import { expect, test, token } from './fixtures';

test.describe('12 chat modes', () => {
  test('12.2: tool-only mode refuses a text-only reply with recovery text', async ({ chat, fakeModel }) => {
    const t = token('toolonly');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Just some chatter that must not be shown'] }]);
    await chat.open();
    await chat.modeSelect.selectOption('tool-only');
    await chat.send(`Chat with me ${t}`);
    await expect(chat.page.getByTestId('refusal')).toContainText(/reply was withheld/);
    await expect(chat.messages).not.toContainText('must not be shown');
    await chat.page.reload();
    await expect(chat.modeSelect).toHaveValue('tool-only');
    await expect(chat.page.getByTestId('refusal')).toBeVisible();
  });

  test('12.2: tool-only mode refuses a call to a tool that is not allowed', async ({ chat, fakeModel }) => {
    const t = token('badtool');
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: 'delete_everything', arguments: {} }] },
    ]);
    await chat.open();
    await chat.modeSelect.selectOption('tool-only');
    await chat.send(`Do it ${t}`);
    await expect(chat.page.getByTestId('refusal')).toContainText('`delete_everything`'.replaceAll('`', ''));
    await expect(chat.page.getByTestId('tool-call-card')).toHaveCount(0);
    expect((await fakeModel.requests(t)).length).toBe(1);
  });

  test('12.2: tool-only mode lets a turn with an allowed tool call through', async ({ chat, fakeModel }) => {
    const t = token('toolok');
    await fakeModel.script(t, [
      { kind: 'tool-calls', calls: [{ name: 'restaurant__get_restaurant', arguments: { id: 'r-green' } }] },
      { kind: 'text', chunks: ['Green Bowl opens at nine.'] },
    ]);
    await chat.open();
    await chat.modeSelect.selectOption('tool-only');
    await chat.send(`When does Green Bowl open ${t}`);
    await expect(chat.page.getByTestId('tool-call-card')).toHaveAttribute('data-state', 'output-available');
    await expect(chat.lastAssistant()).toContainText('Green Bowl opens at nine.');
    await expect(chat.page.getByTestId('refusal')).toHaveCount(0);
    expect((await fakeModel.requests(t))[0]?.body.tool_choice).toBe('required');
  });

  test('12.1: the mode persists in browser storage and an invalid stored value falls back to normal', async ({
    chat,
    fakeModel,
    page,
  }) => {
    await chat.open();
    await chat.modeSelect.selectOption('tool-only');
    await page.goto('/');
    await expect(chat.modeSelect).toHaveValue('tool-only');

    await page.evaluate(() => localStorage.setItem('mcplet:chat-mode', 'chaos-mode'));
    await page.reload();
    await expect(chat.modeSelect).toHaveValue('normal');
    const t = token('fallback');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['normal reply'] }]);
    await chat.send(`Hello ${t}`);
    await expect(chat.lastAssistant()).toContainText('normal reply');
  });
});
