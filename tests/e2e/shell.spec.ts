import { expect, test } from './fixtures';
import { PreviewPage } from './pages/preview-page';
import { Views } from './pages/views';
import { BARE_HOST_PORT } from './ports';

test.describe('app shell', () => {
  test('with no model configured the chat says how to add one', async ({ page }) => {
    await page.goto(`http://localhost:${BARE_HOST_PORT}/`);
    await expect(page.getByTestId('no-model')).toContainText('LLM_BASE_URL');
    await expect(page.getByTestId('composer')).toBeDisabled();
  });

  test("with no model the panel points at the preview, which shows a tool's view beside its envelope, in each display mode", async ({
    page,
  }) => {
    await page.goto(`http://localhost:${BARE_HOST_PORT}/`);
    await page.getByTestId('no-model').getByRole('link', { name: 'developer preview' }).click();
    const preview = new PreviewPage(page);
    await expect(page.getByRole('heading', { name: 'Developer preview' })).toBeVisible();
    // The demo servers are on the v2 SDK: the host speaks 2026-07-28 to them, statelessly.
    await expect(preview.protocol('restaurant')).toHaveText('2026-07-28');
    await preview.tryIt('restaurant', 'search_restaurants');
    await preview.call('restaurant', 'search_restaurants');
    await expect(preview.view('restaurant', 'search_restaurants')).toContainText('In a chat this view opens');
    const views = new Views(page);
    await views.ready();
    await expect(views.view().getByTestId('restaurant').first()).toBeVisible();
    for (const [name, mode] of [
      ['Fullscreen', 'fullscreen'],
      ['PiP (picture in picture)', 'pip'],
    ] as const) {
      await views.toolbarButton(name).click();
      await expect(views.container()).toHaveAttribute('data-mode', mode);
      await page.keyboard.press('Escape');
      await expect(views.container()).toHaveAttribute('data-mode', 'inline');
    }
  });

  test("the page's icons are kept a day (a send changes the URL, and the browser asks for them again)", async ({
    page,
  }) => {
    for (const icon of ['/favicon.svg', '/favicon.ico', '/icon-192.png', '/icon-maskable-512.png']) {
      const response = await page.request.get(icon);
      expect(response.ok()).toBe(true);
      expect(response.headers()['cache-control']).toBe('public, max-age=86400');
    }
  });

  test('the theme toggle switches to dark and the choice persists', async ({ page, chat }) => {
    await chat.open();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => localStorage.removeItem('mcplet:theme'));
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('on a phone-width screen the conversation list opens as a drawer', async ({ page, chat }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await chat.open();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
    await page.getByRole('button', { name: /Conversations/ }).click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Close the conversation list' }).first().click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
  });
});
