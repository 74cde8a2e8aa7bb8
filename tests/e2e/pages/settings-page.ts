import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The settings page (app/(chat)/settings): chat preferences (custom instructions, default model,
 * generated titles), this device's theme, the action passkeys, and the user's remembered approvals.
 */
export class SettingsPage {
  readonly rules: Locator;
  readonly preferences: Locator;
  readonly customInstructions: Locator;
  readonly defaultModel: Locator;
  readonly saved: Locator;
  readonly passkeys: Locator;

  constructor(readonly page: Page) {
    this.rules = page.getByTestId('approval-rule');
    this.preferences = page.getByTestId('chat-preferences');
    this.customInstructions = page.getByLabel('Custom instructions');
    this.defaultModel = page.getByLabel('Default model');
    this.saved = page.getByTestId('chat-preferences-message');
    this.passkeys = page.getByTestId('passkey-panel');
  }

  async open() {
    await this.page.goto('/settings');
    await expect(this.page.getByTestId('approval-rules')).toBeVisible();
    await expect(this.page.getByTestId('chat-preferences-save')).toBeEnabled();
  }

  /** Generated titles: the host's default, on or off. */
  titles(choice: 'host' | 'on' | 'off'): Locator {
    return this.page.getByTestId(`generate-titles-${choice}`);
  }

  /** Saves the chat preferences and waits for the page to say so. */
  async save() {
    await this.page.getByTestId('chat-preferences-save').click();
    await expect(this.saved).toHaveText('Saved.');
  }

  theme(choice: 'system' | 'light' | 'dark'): Locator {
    return this.page.getByTestId(`theme-${choice}`);
  }

  /** Picks a theme for this device; it applies at once. */
  async pickTheme(choice: 'system' | 'light' | 'dark') {
    await this.theme(choice).check();
    await expect(this.theme(choice)).toBeChecked();
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
