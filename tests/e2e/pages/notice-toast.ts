import { expect, type Locator, type Page } from '@playwright/test';

/** The non-blocking notice of a call that ran at the notify level (components/gate/notice-toasts.tsx). */
export class NoticeToast {
  constructor(readonly page: Page) {}

  of(tool: string): Locator {
    return this.page.locator(`[data-testid="notice-toast"][data-tool="${tool}"]`);
  }

  async expectShown(tool: string, args: string) {
    await expect(this.of(tool)).toBeVisible();
    await expect(this.of(tool).getByTestId('notice-args')).toHaveText(args);
  }

  async dismiss(tool: string) {
    await this.of(tool).getByTestId('notice-dismiss').click();
    await expect(this.of(tool)).toHaveCount(0);
  }
}
