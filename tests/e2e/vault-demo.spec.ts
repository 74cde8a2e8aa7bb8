import { KeyRing } from '../../servers/vault/keys';
import { RedemptionStore } from '../../servers/vault/redemption-store';
import { callVaultTool, VAULT_TOOLS } from '../../servers/vault/tools';
import { expect, test, token } from './fixtures';
import { conversationBodies, expectNoneCarries } from './helpers/model-requests';
import { GateDialog } from './pages/gate-dialog';
import { ToolCards } from './pages/tool-cards';

/** `value[key]` when `value` is an object (the vault's `_meta` fields are untyped JSON). */
function at(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The attribution the vault's fetch_page declares on its result (`_meta.annotations.attribution`). */
function fetchPageAttribution(): string[] {
  const state = {
    keys: new KeyRing(),
    references: new RedemptionStore(),
    shared: [],
    origin: () => 'http://127.0.0.1:9',
    now: Date.now,
  };
  const attribution = at(at(callVaultTool(state, 'fetch_page', {})._meta, 'annotations'), 'attribution');
  return Array.isArray(attribution) ? attribution.map(String) : [];
}

/** The confirmation prompt the vault declares for one of its actions (MCPlet `_meta.auth.promptMessage`). */
function promptOf(tool: string): string {
  const prompt = at(at(VAULT_TOOLS.find((t) => t.name === tool)?._meta, 'auth'), 'promptMessage');
  return typeof prompt === 'string' ? prompt : `no prompt declared for ${tool}`;
}

test.describe('sensitive outputs and secret references on the vault demo (servers/vault, registered as "vault")', () => {
  test('sensitive-output 1, 3 + MCPlet 4.2: create_api_key stops at a confirmation; once confirmed the card shows the key and why the model did not see it (masked after a reload); no request body of the conversation carries the key, after a second turn, a reload and a regenerate', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('vault-key');
    await fakeModel.script(`first ${t}`, [
      // Under 8 characters: sensitiveHint withholds every value of the result, and a withheld value of
      // 8 or more (the token) would be scrubbed from the later user messages the script matches on.
      { kind: 'tool-calls', calls: [{ name: 'vault__create_api_key', arguments: { name: 'e2e' } }] },
      { kind: 'text', chunks: ['Your key is ready.'] },
    ]);
    await fakeModel.script(`second ${t}`, [{ kind: 'text', chunks: ['Noted, I cannot see it.'] }]);
    await chat.open();
    await chat.send(`first ${t}`);

    const cards = new ToolCards(page);
    const gate = new GateDialog(page);
    await expect(gate.root).toHaveAttribute('data-tool', 'create_api_key');
    await expect(gate.root).toHaveAttribute('data-gate', 'confirm');
    await expect(gate.root).toContainText(promptOf('create_api_key'));
    await expect(cards.card('create_api_key')).toHaveAttribute('data-state', 'approval-requested');
    await expect(cards.result('create_api_key')).toHaveCount(0);
    // Held at the gate: the model has not been asked again, as no result exists yet.
    expect(await fakeModel.requests(`first ${t}`)).toHaveLength(1);

    await gate.approve();
    await expect(chat.lastAssistant()).toContainText('Your key is ready.');
    await chat.waitIdle();
    await expect(cards.result('create_api_key')).toContainText(/vk_[A-Za-z0-9]{32}/);
    const key = /vk_[A-Za-z0-9]{32}/.exec((await cards.result('create_api_key').textContent()) ?? '')?.[0];
    expect(key).toMatch(/^vk_[A-Za-z0-9]{32}$/);
    await cards.openWithheld('create_api_key');
    await expect(cards.withheldNotice('create_api_key')).toContainText('sensitiveHint');
    await expect(cards.withheldReasons('create_api_key')).toContainText([
      'x-sensitive field /structuredContent/key',
    ]);

    await chat.send(`second ${t}: what was the key?`);
    await expect(chat.lastAssistant()).toContainText('Noted, I cannot see it.');
    await chat.waitIdle();

    // Reload: the card comes back from storage with the key masked (masked-on-reopen.spec.ts reveals
    // it); then regenerate the last turn.
    await page.reload();
    await expect(cards.result('create_api_key')).toContainText('[sensitive value 1 hidden');
    await expect(cards.card('create_api_key')).not.toContainText(key ?? 'missing key');
    const before = (await conversationBodies(page, t)).length;
    await chat.regenerate();
    await expect(chat.lastAssistant()).toContainText('Noted, I cannot see it.');
    await chat.waitIdle();

    const bodies = await conversationBodies(page, t);
    expect(before).toBe(3);
    expect(bodies).toHaveLength(before + 1);
    expectNoneCarries(bodies, [key ?? 'missing key']);
    // The model was told a value was withheld, and still read the rest of the result.
    const last = bodies.at(-1) ?? '';
    expect(last).toContain('The host withheld from this result');
    expect(last).toContain(t);
  });

  test('SEP Example 1 + 2: after fetch_page the card warns of malicious activity; share stops at a confirmation naming the page it declares and the public destination; declining sends nothing, approving runs it', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const attribution = fetchPageAttribution();
    expect(attribution).not.toHaveLength(0);
    const t = token('vault-share');
    await fakeModel.script(`first ${t}`, [
      { kind: 'tool-calls', calls: [{ name: 'vault__fetch_page', arguments: {} }] },
      { kind: 'tool-calls', calls: [{ name: 'vault__share', arguments: { text: `declined ${t}` } }] },
      { kind: 'text', chunks: ['Not shared.'] },
    ]);
    await fakeModel.script(`second ${t}`, [
      { kind: 'tool-calls', calls: [{ name: 'vault__share', arguments: { text: `approved ${t}` } }] },
      { kind: 'text', chunks: ['Shared after you confirmed.'] },
    ]);
    await chat.open();
    await chat.send(`first ${t}: read the news and share it`);

    const cards = new ToolCards(page);
    const gate = new GateDialog(page);
    await expect(gate.root).toHaveAttribute('data-tool', 'share');
    await expect(gate.root).toHaveAttribute('data-gate', 'confirm');
    await expect(gate.trustReason('public-destination')).toContainText('public destination');
    for (const source of attribution)
      await expect(gate.trustReason('public-destination')).toContainText(source);
    await expect(gate.trustReason('malicious-activity')).toContainText('vault/fetch_page');
    await expect(gate.rememberChoice()).toHaveCount(0);
    await expect(cards.maliciousWarning('fetch_page')).toContainText('Suspected malicious activity');
    await expect(cards.untrustedBadge('fetch_page')).toHaveText('untrusted content');

    await gate.cancel();
    await expect(chat.lastAssistant()).toContainText('Not shared.');
    await chat.waitIdle();
    await expect(cards.card('share')).toHaveAttribute('data-state', 'not-run');
    await expect(cards.card('share')).not.toContainText('Recorded');

    // The conversation still holds the open-world page: the next share is asked again, for it.
    await chat.send(`second ${t}: share it after all`);
    await expect(gate.root).toHaveAttribute('data-tool', 'share');
    await expect(gate.trustReason('public-destination')).toContainText(attribution[0] ?? 'missing');
    await gate.approve();
    await expect(chat.lastAssistant()).toContainText('Shared after you confirmed.');
    await chat.waitIdle();
    await expect(cards.card('share')).toHaveAttribute('data-state', 'output-available');
    await expect(cards.result('share')).toContainText('Recorded (the demo posts nothing).');

    // What the model heard of each share: refused, then recorded.
    const declined = JSON.stringify(await fakeModel.requests(`first ${t}`));
    expect(declined).not.toContain('Recorded (the demo posts nothing).');
    const approved = JSON.stringify(await fakeModel.requests(`second ${t}`));
    expect(approved).toContain('Recorded (the demo posts nothing).');
  });
});
