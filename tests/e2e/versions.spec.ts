import type { RecordedRequest } from '../fixtures/fake-llm/server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import { ConversationSearch } from './pages/conversation-search';
import { MessageVersions } from './pages/message-versions';

/** Every message's text the model was sent in a request, as one string (what it saw of the conversation). */
function sentText(request: RecordedRequest | undefined): string {
  return JSON.stringify(request?.body.messages ?? []);
}

// Versions of a message (lib/chat/message-tree.ts): an edit or a regenerated reply keeps the
// earlier branch a version away, and the model is sent the branch shown, read by the server.
test.describe('message versions', () => {
  test('an edit keeps the earlier branch: 2/2, back to 1/2 and its reply, the model sent the branch shown, kept after a reload', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('ver-edit');
    // A word only the first version's reply says (the title, the first message, must not say it:
    // the search lists a conversation whose title matches among the titles, not the message hits).
    const word = `wombat${t.replace(/[^a-z0-9]/gi, '').slice(-8)}`;
    const firstReply = `Answer one: the ${word} sleeps.`;
    await fakeModel.script(`First ask ${t}`, [{ kind: 'text', chunks: [firstReply] }]);
    await chat.open();
    await chat.send(`First ask ${t}`);
    await expect(chat.lastAssistant()).toContainText(firstReply);
    await chat.waitIdle();
    const conversation = await chat.conversationId();
    const first = new MessageVersions(page, chat.userMessages().first());
    await expect(first.group).toHaveCount(0);

    await first.edit(`Second ask ${t}`);
    await expect(chat.lastAssistant()).toContainText(`Echo: Second ask ${t}`);
    await chat.waitIdle();
    await expect(chat.userMessages()).toHaveCount(1);
    await expect(first.count).toHaveText('2/2');
    await expect(first.nextButton).toBeDisabled();
    expect(await violations(page), 'a message with versions').toEqual([]);

    await first.showPrevious();
    await expect(first.count).toHaveText('1/2');
    await expect(chat.userMessages().first()).toContainText(`First ask ${t}`);
    await expect(chat.lastAssistant()).toContainText(firstReply);
    await expect(chat.messages).not.toContainText('Second ask');

    // The next turn runs on the branch shown: the first ask and its reply, nothing of the edit.
    const next = `Then ${t}-next`;
    await fakeModel.script(`${t}-next`, [{ kind: 'text', chunks: ['Went on.'] }]);
    await chat.send(next);
    await expect(chat.lastAssistant()).toContainText('Went on.');
    await chat.waitIdle();
    const [request] = await fakeModel.requests(`${t}-next`);
    expect(sentText(request)).toContain(`First ask ${t}`);
    expect(sentText(request)).toContain(firstReply);
    expect(sentText(request)).not.toContain('Second ask');

    await page.reload();
    await expect(first.count).toHaveText('1/2');
    await expect(chat.userMessages()).toHaveCount(2);
    await expect(chat.lastAssistant()).toContainText('Went on.');

    // The keyboard reaches the other version too; that branch never went on.
    await first.showNextByKeyboard();
    await expect(first.count).toHaveText('2/2');
    await expect(chat.userMessages()).toHaveCount(1);
    await expect(chat.lastAssistant()).toContainText(`Echo: Second ask ${t}`);
    await page.reload();
    await expect(first.count).toHaveText('2/2');
    await expect(chat.lastAssistant()).toContainText(`Echo: Second ask ${t}`);

    // A search hit on the branch not shown opens the conversation on that branch.
    await chat.open();
    const search = new ConversationSearch(page);
    await search.search(word);
    const hit = search.hits().and(page.locator(`[data-conversation="${conversation}"]`));
    await expect(hit).toHaveCount(1);
    await hit.click();
    await expect(first.count).toHaveText('1/2');
    await expect(chat.userMessages().first()).toContainText(`First ask ${t}`);
    await expect(chat.assistantMessages().first()).toContainText(firstReply);
  });

  test('a regenerated reply is a version: 2/2, back to 1/2, the model sent the reply shown, kept after a reload', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('ver-regen');
    await fakeModel.script(t, [{ kind: 'text', chunks: ['Second take'] }]);
    await fakeModel.script(t, [{ kind: 'text', chunks: ['First take'] }], { times: 1 });
    await chat.open();
    await chat.send(`Write a line ${t}`);
    await expect(chat.lastAssistant()).toContainText('First take');
    await chat.waitIdle();
    await chat.regenerate();
    await expect(chat.lastAssistant()).toContainText('Second take');
    await chat.waitIdle();
    const reply = new MessageVersions(page, chat.lastAssistant());
    await expect(reply.count).toHaveText('2/2');
    await expect(chat.assistantMessages()).toHaveCount(1);

    await reply.showPrevious();
    await expect(reply.count).toHaveText('1/2');
    await expect(chat.lastAssistant()).toContainText('First take');

    await fakeModel.script(`${t}-next`, [{ kind: 'text', chunks: ['Noted.'] }]);
    await chat.send(`And then ${t}-next`);
    await expect(chat.lastAssistant()).toContainText('Noted.');
    await chat.waitIdle();
    const [request] = await fakeModel.requests(`${t}-next`);
    expect(sentText(request)).toContain('First take');
    expect(sentText(request)).not.toContain('Second take');

    await page.reload();
    await expect(new MessageVersions(page, chat.assistantMessages().first()).count).toHaveText('1/2');
    await expect(chat.assistantMessages().first()).toContainText('First take');
  });
});
