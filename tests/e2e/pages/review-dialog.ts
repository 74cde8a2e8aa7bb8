import { expect, type Locator, type Page } from '@playwright/test';

/** The review gate (humanInTheLoopHint `review`): the call's arguments as an editable, labelled summary. */
export class ReviewDialog {
  readonly root: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('[data-testid="gate-dialog"][data-gate="review"]');
    this.error = this.root.getByTestId('review-error');
  }

  field(key: string): Locator {
    return this.root.locator(`[data-testid="review-field"][data-key="${key}"]`);
  }

  input(key: string): Locator {
    return this.field(key).getByRole('textbox');
  }

  async expectField(key: string, label: string, value: string, description?: string | RegExp) {
    await expect(this.field(key)).toContainText(label);
    if (description) await expect(this.field(key)).toContainText(description);
    await expect(this.input(key)).toHaveValue(value);
  }

  async edit(key: string, value: string) {
    await this.input(key).fill(value);
  }

  /** Approves; the dialog closes when the server accepted the (edited) arguments. */
  async approve() {
    await this.root.getByTestId('review-approve').click();
    await expect(this.root).toHaveCount(0);
  }

  /** Approves an edit the server must refuse: the dialog stays, showing why. */
  async approveRefused(message: RegExp) {
    await this.root.getByTestId('review-approve').click();
    await expect(this.error).toContainText(message);
    await expect(this.root).toBeVisible();
  }

  async cancel() {
    await this.root.getByTestId('gate-cancel').click();
    await expect(this.root).toHaveCount(0);
  }
}
