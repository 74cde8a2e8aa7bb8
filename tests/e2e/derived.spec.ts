import { RESTAURANTS } from '../../servers/restaurant/data';
import { listenRestaurant } from '../../servers/restaurant/http';
import { hostCallOf, type ReceivedCall } from '../fixtures/mcp/host-call';
import { expect, type FakeModel, type Servers, test, token } from './fixtures';
import { summaries } from './helpers/restaurants';
import type { ChatPage } from './pages/chat-page';
import { Views } from './pages/views';

/** Every tools/call carries its conversation's SEP request annotations; none here. */
const NO_ANNOTATIONS = { annotations: {} };

/** A restaurant MCPlet server of the test's own, registered under an allowlisted id; it logs every call. */
async function observedRestaurant(servers: Servers, id: string) {
  const calls: ReceivedCall[] = [];
  const server = await listenRestaurant(0, {
    onMessage(message) {
      const call = hostCallOf(message);
      if (call) calls.push(call);
    },
  });
  expect((await servers.register({ id, transport: { type: 'http', url: server.url } })).status).toBe(201);
  return { calls, close: () => server.close() };
}

/** One turn in which the model calls search_restaurants for real; answers once its view is ready. */
async function searchTurn(
  chat: ChatPage,
  fakeModel: FakeModel,
  server: string,
  args: Record<string, unknown>,
) {
  const t = token('search');
  await fakeModel.script(t, [
    { kind: 'tool-calls', calls: [{ name: `${server}__search_restaurants`, arguments: args }] },
    { kind: 'text', chunks: ['Here they are.'] },
  ]);
  await chat.send(`Search ${t}`);
  const views = new Views(chat.page);
  await views.ready();
  return { views, view: views.view() };
}

/** One turn in which the model calls mcplet_set_tool_result, optionally with text before it. */
async function derivedTurn(
  chat: ChatPage,
  fakeModel: FakeModel,
  args: Record<string, unknown>,
  text?: string,
) {
  const t = token('derived');
  await fakeModel.script(t, [
    {
      kind: 'tool-calls',
      ...(text ? { text } : {}),
      calls: [{ name: 'mcplet_set_tool_result', arguments: args }],
    },
    { kind: 'text', chunks: ['Done.'] },
  ]);
  await chat.send(`Refine ${t}`);
  return t;
}

test.describe('10 the derived tool result channel', () => {
  test('10.2 / 14.4: the model refines a search in text; the fullscreen view updates in place with no backend call, keeping scroll and form', async ({
    chat,
    fakeModel,
    page,
    servers,
  }) => {
    const server = await observedRestaurant(servers, 'drv-update');
    try {
      await page.setViewportSize({ width: 480, height: 640 });
      await chat.open();
      const { views, view } = await searchTurn(chat, fakeModel, 'drv-update', {
        limit: 20,
        mcplet_display_mode: 'fullscreen',
      });
      await expect(views.container()).toHaveAttribute('data-mode', 'fullscreen');
      await expect(view.getByTestId('restaurant')).toHaveCount(RESTAURANTS.length);

      await view.locator('[data-id="r-sakura"] [data-action="reserve"]').click();
      await view.getByTestId('reservation-form').locator('input[name="name"]').fill('Grace Hopper');
      const scrolled = await view.locator('html').evaluate(() => {
        window.scrollTo(0, 180);
        return window.scrollY;
      });
      expect(scrolled).toBe(180);

      // The composer stays reachable above the fullscreen view: a real click, not just typing.
      await chat.composer.click();
      const affordable = summaries((r) => r.priceLevel <= 3);
      const t = await derivedTurn(
        chat,
        fakeModel,
        {
          toolId: 'drv-update__search_restaurants',
          result: { query: { maxPrice: 3 }, results: affordable, total: affordable.length },
          revision: 1,
          ttlSeconds: 20,
        },
        'Without the most expensive ones: ',
      );
      await expect(view.getByTestId('restaurant')).toHaveCount(affordable.length);
      await expect(view.locator('#status')).toContainText('updated by the assistant');
      await chat.waitIdle();
      await expect(chat.derivedStatus()).toHaveAttribute('data-phase', 'applied');

      expect(await view.locator('html').evaluate(() => window.scrollY)).toBe(180);
      await expect(view.getByTestId('reservation-form').locator('input[name="name"]')).toHaveValue(
        'Grace Hopper',
      );
      expect(server.calls.map((c) => c.name)).toEqual(['search_restaurants']);
      const followUp = (await fakeModel.requests(t)).at(-1)?.body.messages ?? [];
      expect(JSON.stringify(followUp)).toContain('Accepted: an open view of drv-update__search_restaurants');
    } finally {
      await server.close();
    }
  });

  test('10.6: an invalid payload makes the host call the tool for real, and the view shows that result', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const server = await observedRestaurant(servers, 'drv-fallback');
    try {
      await chat.open();
      const { view } = await searchTurn(chat, fakeModel, 'drv-fallback', {
        cuisine: 'italian',
        mcplet_display_mode: 'fullscreen',
      });
      await expect(view.getByTestId('restaurant')).toHaveCount(2);

      const t = await derivedTurn(chat, fakeModel, {
        toolId: 'drv-fallback__search_restaurants',
        result: { query: { cuisine: 'french' }, results: [{ id: 'r-bistro', name: 'Bistro' }], total: 1 },
        arguments: { cuisine: 'french' },
      });
      await expect(view.locator('[data-id="r-bistro"] .name')).toHaveText('Bistro Marais');
      await expect(view.getByTestId('restaurant')).toHaveCount(2);
      await expect(view.locator('#status')).toContainText('refreshed');
      await chat.waitIdle();
      await expect(chat.derivedStatus()).toHaveAttribute('data-phase', 'fallback');
      await expect(chat.derivedStatus()).toContainText('the view shows its real result');
      expect(server.calls).toEqual([
        { name: 'search_restaurants', arguments: { cuisine: 'italian' }, _meta: NO_ANNOTATIONS },
        { name: 'search_restaurants', arguments: { cuisine: 'french' }, _meta: NO_ANNOTATIONS },
      ]);
      const followUp = JSON.stringify((await fakeModel.requests(t)).at(-1)?.body.messages ?? []);
      expect(followUp).toContain('Error (VALIDATION_ERROR)');
      expect(followUp).toContain('missing required property');
    } finally {
      await server.close();
    }
  });

  test('10.6: an expired result is never applied; the host falls back to a real call when it expires', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const server = await observedRestaurant(servers, 'drv-expired');
    try {
      const invented = [
        { id: 'r-derived', name: 'Derived Diner', cuisine: 'vegan', area: 'ginza', priceLevel: 1, rating: 5 },
      ];
      await chat.open();
      await derivedTurn(chat, fakeModel, {
        toolId: 'drv-expired__search_restaurants',
        result: { query: { cuisine: 'vegan' }, results: invented, total: 1 },
        ttlSeconds: 1,
        arguments: { cuisine: 'vegan' },
      });
      await expect(chat.derivedStatus()).toHaveAttribute('data-phase', 'expired');
      await expect(chat.derivedStatus()).toContainText('no open view of it could show the result');
      expect(server.calls).toEqual([
        { name: 'search_restaurants', arguments: { cuisine: 'vegan' }, _meta: NO_ANNOTATIONS },
      ]);

      const { views, view } = await searchTurn(chat, fakeModel, 'drv-expired', {
        cuisine: 'french',
        mcplet_display_mode: 'inline',
      });
      await expect(view.getByTestId('restaurant')).toHaveCount(2);
      await expect(view.locator('[data-id="r-derived"]')).toHaveCount(0);
      await expect(views.container().getByTestId('view-log')).not.toContainText('tool-result-update');
    } finally {
      await server.close();
    }
  });

  test('10.7: a failed real call reaches the view as tool-error, and its retry runs the search again', async ({
    chat,
    fakeModel,
    servers,
  }) => {
    const server = await observedRestaurant(servers, 'drv-error');
    try {
      await chat.open();
      const { view } = await searchTurn(chat, fakeModel, 'drv-error', {
        cuisine: 'italian',
        mcplet_display_mode: 'fullscreen',
      });
      await expect(view.getByTestId('restaurant')).toHaveCount(2);

      await derivedTurn(chat, fakeModel, {
        toolId: 'drv-error__search_restaurants',
        result: {},
        arguments: { maxPrice: 9 },
      });
      await expect(view.locator('#status')).toHaveAttribute('data-kind', 'error');
      await expect(view.locator('#status')).toContainText('VALIDATION_ERROR');
      expect(server.calls).toHaveLength(1);
      await chat.waitIdle();
      await view.getByRole('button', { name: 'Retry' }).click();
      await expect(view.locator('#status')).toHaveText('2 restaurant(s)');
      expect(server.calls).toEqual([
        { name: 'search_restaurants', arguments: { cuisine: 'italian' }, _meta: NO_ANNOTATIONS },
        { name: 'search_restaurants', arguments: { cuisine: 'italian' }, _meta: NO_ANNOTATIONS },
      ]);
    } finally {
      await server.close();
    }
  });

  test('the preview lists each attempt: outcome, state, time left, revision and size', async ({
    chat,
    fakeModel,
    page,
    servers,
    preview,
  }) => {
    const server = await observedRestaurant(servers, 'drv-preview');
    try {
      const target = 'drv-preview__search_restaurants';
      const one = summaries((r) => r.id === 'r-sakura');
      const t = token('preview');
      await fakeModel.script(t, [
        {
          kind: 'tool-calls',
          calls: [
            {
              name: 'mcplet_set_tool_result',
              arguments: {
                toolId: target,
                result: { query: {}, results: one, total: 1 },
                revision: 7,
                ttlSeconds: 30,
              },
            },
            {
              name: 'mcplet_set_tool_result',
              arguments: { toolId: target, result: { query: {}, results: one, total: 1 }, ttlSeconds: 31 },
            },
          ],
        },
        { kind: 'text', chunks: ['Done.'] },
      ]);
      await chat.open();
      await chat.send(`Two attempts ${t}`);
      await chat.waitIdle();
      await preview.open();
      const rows = page.getByTestId('derived-attempt').filter({ hasText: target });
      const accepted = rows.and(page.locator('[data-outcome="accepted"]'));
      await expect(accepted).toHaveAttribute('data-state', 'pending');
      await expect(accepted.getByTestId('time-left')).toHaveText(/^([12]\d|30) s$/);
      await expect(accepted).toContainText('7');
      await expect(accepted).toContainText(/\d+ B/);
      const refused = rows.and(page.locator('[data-outcome="X_TTL_TOO_LONG"]'));
      await expect(refused).toHaveAttribute('data-state', 'refused');
      await expect(refused).toContainText('ttlSeconds is 31; the most this host allows is 30');
      expect(server.calls).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
