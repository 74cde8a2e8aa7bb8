import { expect, type Locator, type Page } from '@playwright/test';
import { ChangeReviewDialog } from './change-review-dialog';

/** The review of a view whose HTML changed since the user trusted it, in a chat card or the preview. */
export class ViewChangeDialog extends ChangeReviewDialog {
  constructor(page: Page) {
    super(page, 'view-change-dialog', 'Refuse');
  }

  /** Opens it and waits for the change itself (sizes, hashes, CSP, permissions) to be shown. */
  override async openFrom(card: Locator) {
    await super.openFrom(card);
    await expect(this.root.getByTestId('view-change-diff')).toBeVisible();
  }

  /** A field whose old and new values differ (hash, size, a CSP list, permissions). */
  async expectChanged(field: string) {
    await expect(this.row(field)).toHaveAttribute('data-changed', '');
  }

  /** The line diff of the HTML, or the sentence saying why there is none. */
  html(): Locator {
    return this.root.getByTestId('view-html-diff').or(this.root.getByTestId('view-html-diff-unavailable'));
  }

  /** Refuse: the view stays unserved. */
  async refuse() {
    await this.dismiss();
  }
}
