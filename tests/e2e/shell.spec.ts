import { expect, test } from './fixtures';
import { BARE_HOST_PORT } from './ports';

test.describe('app shell', () => {
  test('with no model configured the chat says how to add one', async ({ page }) => {
    await page.goto(`http://localhost:${BARE_HOST_PORT}/`);
    await expect(page.getByTestId('no-model')).toContainText('LLM_BASE_URL');
    await expect(page.getByTestId('composer')).toBeDisabled();
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
