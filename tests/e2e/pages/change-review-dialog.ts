import { expect, type Locator, type Page } from '@playwright/test';

/** A dialog in which the user reviews what a server changed since they trusted it (a tool, a view). */
export class ChangeReviewDialog {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    testId: string,
    private readonly cancelLabel: string,
  ) {
    this.root = page.getByTestId(testId);
  }

  /** Opens the dialog from a card (a tool call card, a view, a preview row) that offers it. */
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
    await this.root.getByRole('button', { name: this.cancelLabel }).click();
    await expect(this.root).toHaveCount(0);
  }
}
