import { expect, test, token } from './fixtures';
import { GateDialog } from './pages/gate-dialog';
import { SecretReveal } from './pages/secret-reveal';
import { ToolCards } from './pages/tool-cards';

const KEY = /vk_[A-Za-z0-9]{32}/;

test.describe('a secret shown once stays masked when the conversation is opened again (lib/trust/display-mask.ts)', () => {
  test('sensitive-output 1, 3, 4: the vault key is on screen in the live turn; after a reload the card, the page and the API hold a mask, Reveal shows the key and it hides again after 30 s', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('masked');
    await fakeModel.script(`create ${t}`, [
      // Under 8 characters: a withheld value of 8 or more would be scrubbed from the message the script matches.
      { kind: 'tool-calls', calls: [{ name: 'vault__create_api_key', arguments: { name: 'mask' } }] },
      { kind: 'text', chunks: ['Your key is ready.'] },
    ]);
    await page.clock.install();
    await chat.open();
    await chat.send(`create ${t}`);
    await new GateDialog(page).approve();
    await expect(chat.lastAssistant()).toContainText('Your key is ready.');
    await chat.waitIdle();

    // The live turn: the key is on screen, as the tool promised (shown once).
    const cards = new ToolCards(page);
    const card = cards.card('create_api_key');
    await expect(cards.result('create_api_key')).toContainText(KEY);
    const key = KEY.exec((await cards.result('create_api_key').textContent()) ?? '')?.[0] ?? 'missing key';
    await expect(SecretReveal.allMasked(card)).toHaveCount(0);

    // Opened again: a mask in its place, in the page the server sends and in the conversations API.
    const id = await chat.conversationId();
    await page.reload();
    await expect(cards.result('create_api_key')).toHaveText('[sensitive value 1 hidden; use Reveal below]');
    await expect(card).not.toContainText(key);
    await expect(cards.withheldNotice('create_api_key')).toBeVisible();
    await expect(SecretReveal.allMasked(card)).toHaveCount(2);
    expect(await (await page.request.get(`/c/${id}`)).text()).not.toContain(key);
    expect(await (await page.request.get(`/api/conversations/${id}`)).text()).not.toContain(key);

    // Reveal (keyboard), as for a secret reference: the key, then hidden again on its own.
    const masked = SecretReveal.masked(card, 2);
    await expect(masked.root).toContainText('the field key');
    await masked.reveal();
    await expect(masked.value).toHaveText(key);
    await page.clock.fastForward(30_000);
    await masked.expectHidden();
    // Unlike a secret reference, the value stays the user's: it can be revealed again.
    await masked.reveal();
    await expect(masked.value).toHaveText(key);
    await masked.hideButton.click();
    await masked.expectHidden();

    const text = SecretReveal.masked(card, 1);
    await text.reveal();
    await expect(text.value).toHaveText(`Created API key "mask": ${key}`);
  });
});
