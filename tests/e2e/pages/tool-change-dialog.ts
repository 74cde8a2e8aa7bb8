import { expect, type Locator, type Page } from '@playwright/test';

/** The diff of a changed tool (attack 18), as the chat's "Review the change" shows it. */
export class ToolChangeDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('tool-change-dialog');
  }

  /** Opens the dialog from a card (a tool call card or a view) that offers it. */
  async openFrom(card: Locator) {
    await card.getByRole('button', { name: 'Review the change' }).click();
    await expect(this.root).toBeVisible();
  }

  row(field: string): Locator {
    return this.root.locator(`[data-testid="diff-row"][data-field="${field}"]`);
  }

  /** One field of the diff, old (trusted) and new. */
  async expectChange(field: string, before: string | RegExp, after: string | RegExp) {
    await expect(this.row(field).getByTestId('diff-before')).toContainText(before);
    await expect(this.row(field).getByTestId('diff-after')).toContainText(after);
  }

  async accept() {
    await this.root.getByRole('button', { name: 'Accept the change' }).click();
    await expect(this.root).toHaveCount(0);
  }

  async dismiss() {
    await this.root.getByRole('button', { name: 'Not now' }).click();
    await expect(this.root).toHaveCount(0);
  }
}
