import { API_SECRET, AWS_KEY, JWT, startSensitiveServer } from '../fixtures/mcp/sensitive-server';
import { expect, test, token } from './fixtures';
import { conversationBodies, expectNoneCarries } from './helpers/model-requests';
import { ToolCards } from './pages/tool-cards';

test.describe('sensitive outputs never reach the model, and the user still sees them', () => {
  test('sensitiveHint + x-sensitive, unmarked credentials, a later result, a message and a view context repeating them: no request body carries a value, after a reload and a regenerate too; the cards show the values and why, masked after the reload', async ({
    chat,
    fakeModel,
    servers,
    page,
  }) => {
    const fixture = await startSensitiveServer();
    try {
      const id = token('vault').slice(0, 12);
      const registered = await servers.register({
        id,
        name: 'Vault',
        transport: { type: 'http', url: fixture.url },
      });
      expect(registered.status).toBe(201);
      const t = token('sensitive');
      await fakeModel.script(`first ${t}`, [
        {
          kind: 'tool-calls',
          calls: [
            { name: `${id}__create_api_key`, arguments: {} },
            { name: `${id}__env_dump`, arguments: {} },
          ],
        },
        { kind: 'text', chunks: ['Your key is ready.'] },
      ]);
      await fakeModel.script(`second ${t}`, [
        { kind: 'tool-calls', calls: [{ name: `${id}__echo_last`, arguments: {} }] },
        { kind: 'text', chunks: ['Echoed.'] },
      ]);
      await chat.open();
      await chat.send(`first ${t}`);
      await expect(chat.lastAssistant()).toContainText('Your key is ready.');
      await chat.waitIdle();

      const cards = new ToolCards(page);
      // What "withheld" means for the reader: on hover, and on keyboard focus alike.
      const meaning = cards.withheldNotice('create_api_key').getByTestId('withheld-meaning');
      await expect(meaning).toBeHidden();
      await cards.withheldNotice('create_api_key').locator('summary').hover();
      await expect(meaning).toBeVisible();
      await expect(meaning).toContainText('The model read a placeholder');
      await page.mouse.move(0, 0);
      await expect(meaning).toBeHidden();
      await cards.withheldNotice('create_api_key').locator('summary').focus();
      await expect(meaning).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(meaning).toBeHidden();
      await expect(cards.result('create_api_key')).toContainText(API_SECRET);
      await expect(cards.result('env_dump')).toContainText(AWS_KEY);
      await expect(cards.result('env_dump')).toContainText(JWT);
      await cards.openWithheld('create_api_key');
      await expect(cards.withheldReasons('create_api_key')).toContainText([
        'x-sensitive field /structuredContent/key',
      ]);
      await expect(cards.withheldNotice('create_api_key')).toContainText('sensitiveHint');
      await cards.openWithheld('env_dump');
      await expect(cards.withheldReasons('env_dump')).toHaveText([
        'credential: an AWS access key id',
        'credential: a JSON Web Token',
      ]);

      // A later turn: the user's message repeats the key (as a view's ui/message would), a view
      // reports it in its model context, and a tool that marks nothing returns it again.
      await page.route('**/api/chat', async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>;
        await route.continue({
          postData: JSON.stringify({
            ...body,
            viewContext: [
              {
                viewId: 'view-1',
                serverId: id,
                toolName: 'create_api_key',
                text: `The key on screen is ${API_SECRET}; session ${JWT}; id ${AWS_KEY}`,
              },
            ],
          }),
        });
      });
      await chat.send(`second ${t}: from the view, ${API_SECRET}`);
      await expect(chat.lastAssistant()).toContainText('Echoed.');
      await chat.waitIdle();
      await expect(cards.result('echo_last')).toContainText(API_SECRET);
      await cards.openWithheld('echo_last');
      await expect(cards.withheldReasons('echo_last')).toHaveText([
        'a value withheld earlier in this conversation',
      ]);

      // Reload: the cards come back from storage with the values masked (each behind a Reveal;
      // masked-on-reopen.spec.ts reveals one), the user's own message as they wrote it; then
      // regenerate the last turn.
      await page.reload();
      await expect(cards.result('create_api_key')).toContainText('[sensitive value 1 hidden');
      for (const tool of ['create_api_key', 'env_dump', 'echo_last'])
        for (const value of [API_SECRET, AWS_KEY, JWT])
          await expect(cards.card(tool)).not.toContainText(value);
      await expect(cards.card('env_dump').getByTestId('secret-reference')).toContainText([
        'Sensitive value 1: an AWS access key id',
        'Sensitive value 2: a JSON Web Token',
      ]);
      await expect(chat.userMessages().last()).toContainText(API_SECRET);
      await expect(cards.withheldNotice('env_dump')).toBeVisible();
      const before = (await conversationBodies(page, t)).length;
      await chat.regenerate();
      await expect(chat.lastAssistant()).toContainText('Echoed.');
      await chat.waitIdle();

      const bodies = await conversationBodies(page, t);
      expect(before).toBeGreaterThanOrEqual(4);
      expect(bodies.length).toBeGreaterThanOrEqual(before + 2);
      expectNoneCarries(bodies, [API_SECRET, AWS_KEY, JWT]);
      // The model was told what was withheld, and still read what was not.
      const last = bodies.at(-1) ?? '';
      expect(last).toContain('sensitive value withheld');
      expect(last).toContain('REGION=eu-west-1');
      expect(last).toContain('The host withheld from this result');
      expect(last).toContain('Context reported by views');
    } finally {
      await fixture.close();
    }
  });
});
