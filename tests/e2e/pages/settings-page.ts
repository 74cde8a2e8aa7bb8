import { expect, type Locator, type Page } from '@playwright/test';

/** The settings page (app/(chat)/settings): the user's remembered approvals. */
export class SettingsPage {
  readonly rules: Locator;

  constructor(readonly page: Page) {
    this.rules = page.getByTestId('approval-rule');
  }

  async open() {
    await this.page.goto('/settings');
    await expect(this.page.getByTestId('approval-rules')).toBeVisible();
  }

  rule(toolName: string): Locator {
    return this.page.locator(`[data-testid="approval-rule"][data-tool="${toolName}"]`);
  }

  async revoke(toolName: string) {
    const row = this.rule(toolName);
    await expect(row).toHaveCount(1);
    await row.getByTestId('approval-rule-revoke').click();
    await expect(row).toHaveCount(0);
  }

  async expectEmpty() {
    await expect(this.page.getByTestId('approval-rules-empty')).toBeVisible();
  }
}
