import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { ConversationSearch } from './pages/conversation-search';

test.describe('search over what was said', () => {
  test('a word only a reply said finds its conversation, the word marked; the hit opens the conversation at that message', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('asked');
    // A word the title (the first message, cut short) does not hold: only the reply says it.
    const word = `quokka${t.replace(/[^a-z0-9]/gi, '').slice(-8)}`;
    await fakeModel.script(t, [
      { kind: 'text', chunks: [`Here is the answer: the ${word} lives on an island.`] },
    ]);
    await chat.open();
    await chat.send(`A question ${t}`);
    await expect(chat.lastAssistant()).toContainText(word);
    const conversation = await chat.conversationId();
    // Another conversation, opened afterwards: the hit has to take us back.
    await chat.open();

    const search = new ConversationSearch(page);
    await search.search(word.slice(0, -2).toUpperCase());
    await expect(search.hits()).toHaveCount(1);
    const hit = search.hits().first();
    await expect(hit).toHaveAttribute('data-conversation', conversation);
    await expect(search.marked(hit)).toHaveText(word);
    expect(await violations(page), 'search results').toEqual([]);

    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/c/${conversation}\\?m=`));
    const found = page.locator('[data-found="true"]');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(word);
    await expect(found).toBeInViewport();
    await expect(found).toBeFocused();
  });

  test('a search nothing says is answered with a sentence, and the conversations come back when it is cleared', async ({
    chat,
    page,
  }) => {
    const t = token('none');
    await chat.open();
    await chat.send(`Something ${t}`);
    await chat.waitIdle();
    const search = new ConversationSearch(page);
    await search.search(`zzz${t} nothing`);
    await expect(search.messageHits).toHaveAttribute('data-status', 'done');
    await expect(page.getByRole('status').filter({ hasText: 'Nothing found for' })).toBeVisible();
    await search.search('');
    await expect(search.messageHits).toHaveCount(0);
    await expect(chat.conversationRow(`Something ${t}`)).toBeVisible();
  });
});
