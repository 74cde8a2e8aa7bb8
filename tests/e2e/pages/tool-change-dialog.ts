import type { Page } from '@playwright/test';
import { ChangeReviewDialog } from './change-review-dialog';

/** The diff of a changed tool (docs/security.md, "Rug-pulls"), as the chat's "Review the change" shows it. */
export class ToolChangeDialog extends ChangeReviewDialog {
  constructor(page: Page) {
    super(page, 'tool-change-dialog', 'Not now');
  }
}
