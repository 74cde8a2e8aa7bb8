import { expect, test, token } from './fixtures';
import { GateDialog } from './pages/gate-dialog';
import { SecretReveal } from './pages/secret-reveal';
import { ToolCards } from './pages/tool-cards';

interface Reference {
  id: string;
  redeemUrl: string;
}

/** The secret_reference items the server stored for this conversation (what the browser never sends back). */
function referencesIn(value: unknown, out: Reference[] = []): Reference[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (
      record.type === 'secret_reference' &&
      typeof record.id === 'string' &&
      typeof record.redeemUrl === 'string'
    )
      out.push({ id: record.id, redeemUrl: record.redeemUrl });
    else for (const item of Object.values(record)) referencesIn(item, out);
  }
  return out;
}

test.describe('secret references are revealed by the user, never seen by the model', () => {
  test('sensitive-output 4, 4a, 4b: Reveal shows the key once, a second Reveal shows the 410 message, and the model never gets the value, the id or the redeemUrl', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('secret');
    await fakeModel.script(`first ${t}`, [
      { kind: 'tool-calls', calls: [{ name: 'vault__reveal_api_key', arguments: { name: 'default' } }] },
      { kind: 'text', chunks: ['You can reveal the key in the card above.'] },
    ]);
    await fakeModel.script(`second ${t}`, [{ kind: 'text', chunks: ['Noted.'] }]);
    await page.clock.install();
    await chat.open();
    await chat.send(`first ${t}`);
    await expect(chat.lastAssistant()).toContainText('You can reveal the key');
    await chat.waitIdle();

    const card = new ToolCards(page).card('reveal_api_key');
    await expect(card).toHaveAttribute('data-state', 'output-available');
    const secret = new SecretReveal(card, 'API key "default"');
    await secret.reveal();
    await expect(secret.value).toHaveText(/^vk_[A-Za-z0-9]{32}$/);
    const value = (await secret.value.textContent()) ?? '';
    // On screen for a while only (REVEAL_VISIBLE_MS, 30 s): hidden again without anyone clicking.
    await page.clock.fastForward(30_000);
    await expect(secret.value).toHaveCount(0);
    await expect(secret.revealButton).toBeEnabled();

    await secret.reveal();
    await expect(secret.error).toHaveText(
      'This secret was already revealed or has expired; ask the tool for a new one.',
    );
    await expect(secret.value).toHaveCount(0);

    const stored = await page.request.get(`/api/conversations/${await chat.conversationId()}`);
    const [reference] = referencesIn(await stored.json());
    expect(reference?.redeemUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/secrets\/ref_/);

    await chat.send(`second ${t}`);
    await expect(chat.lastAssistant()).toContainText('Noted.');
    await chat.waitIdle();
    const sent = JSON.stringify([
      ...(await fakeModel.requests(`first ${t}`)),
      ...(await fakeModel.requests(`second ${t}`)),
    ]);
    expect(sent).toContain(`second ${t}`);
    for (const secretPart of [value, reference?.id ?? 'missing id', reference?.redeemUrl ?? 'missing url'])
      expect(sent).not.toContain(secretPart);
  });

  test('MCPlet 4.2: create_api_key is an action, so the call stops at a confirmation before the vault is asked', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('create-key');
    await fakeModel.script(`create ${t}`, [
      { kind: 'tool-calls', calls: [{ name: 'vault__create_api_key', arguments: { name: 'ci' } }] },
      { kind: 'text', chunks: ['Not created.'] },
    ]);
    await chat.open();
    await chat.send(`create ${t}`);
    const card = new ToolCards(page).card('create_api_key');
    await expect(card).toHaveAttribute('data-state', 'approval-requested');
    const gate = new GateDialog(page);
    await expect(gate.root).toBeVisible();
    await expect(gate.root).toHaveAttribute('data-tool', 'create_api_key');
    await expect(gate.tool).toHaveText('Create API Key');
    await gate.cancel();
    await expect(card).toHaveAttribute('data-state', 'not-run');
    await expect(card.getByTestId('tool-ended')).toHaveText(
      'You cancelled this action, so nothing was done.',
    );
    await expect(card.getByTestId('secret-reference')).toHaveCount(0);
  });
});
