import type { Locator } from '@playwright/test';
import { expect, test, token } from './fixtures';
import { ActionLog } from './pages/action-log';
import { Views } from './pages/views';

const PHONE = { width: 390, height: 800 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** Every visible button under `scope` is at least 32 px each way (a finger's target). */
async function expectTappable(scope: Locator) {
  const buttons = scope.getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    if (!(await button.isVisible())) continue;
    const { width, height } = await box(button);
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
    expect(Math.min(width, height), `the "${name}" button`).toBeGreaterThanOrEqual(32);
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the chat header is one row, the composer says what it is, the floating view leaves the chat readable, controls are tappable', async ({
    chat,
    fakeModel,
    page,
  }) => {
    const t = token('phone');
    await fakeModel.script(t, [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'restaurant__search_restaurants',
            arguments: { cuisine: 'italian', mcplet_display_mode: 'pip' },
          },
        ],
      },
      { kind: 'text', chunks: ['Two Italian places.'] },
    ]);
    await chat.open();
    const header = page.getByTestId('chat').locator('header').first();
    expect((await box(header)).height).toBeLessThanOrEqual(60);
    await expectTappable(header);
    await expect(chat.composer).toHaveAttribute('placeholder', 'Message');
    const composer = await box(chat.composer);
    expect(composer.x + composer.width).toBeLessThanOrEqual(PHONE.width);

    await chat.send(`Italian please ${t}`);
    const views = new Views(page);
    await views.ready();
    await expect(views.container()).toHaveAttribute('data-mode', 'pip');
    const pip = await box(views.container().getByTestId('view-container'));
    expect((pip.width * pip.height) / (PHONE.width * PHONE.height)).toBeLessThan(0.35);
    await expectTappable(views.container().getByTestId('view-container').locator('header'));

    // The drawer opens from the header and closes again.
    await header.getByRole('button', { name: 'Conversations' }).click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await page.getByRole('button', { name: 'Close the conversation list' }).first().click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
  });

  test('the action log fits the screen: each row is a card, nothing scrolls sideways', async ({ page }) => {
    // One logged action: a reservation asked for and then cancelled at its gate.
    const started = await page.request.post('/api/tools/call', {
      data: {
        serverId: 'restaurant',
        toolName: 'create_reservation',
        surface: 'app',
        args: { restaurantId: 'r-sakura', date: '2099-05-01', time: '19:00', partySize: 2, name: 'Phone' },
      },
    });
    expect(started.status()).toBe(202);
    const { gate } = (await started.json()) as { gate: { id: string } };
    await page.request.post(`/api/gates/${gate.id}`, { data: { approved: false } });
    await page.goto('/audit');
    const row = new ActionLog(page).rows('create_reservation').first();
    await expect(row).toBeVisible();
    await expect(row.locator('td[data-label="Outcome"]')).toBeVisible();
    // No column lies beyond the screen's edge (a wide table in a sideways scroller would).
    const table = await box(page.getByTestId('audit-table'));
    expect(table.x + table.width).toBeLessThanOrEqual(PHONE.width);
    const outcome = await box(row.locator('td[data-label="Outcome"]'));
    expect(outcome.x + outcome.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
