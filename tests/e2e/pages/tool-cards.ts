import type { Locator, Page } from '@playwright/test';

/** The chat's tool-call cards, found by the MCP tool name they show. */
export class ToolCards {
  constructor(readonly page: Page) {}

  card(toolName: string): Locator {
    return this.page.locator(`[data-testid="tool-call-card"][data-tool-name="${toolName}"]`).last();
  }

  /** Issue 12: the warning on a result its server flagged with maliciousActivityHint. */
  maliciousWarning(toolName: string): Locator {
    return this.card(toolName).getByTestId('malicious-warning');
  }

  untrustedBadge(toolName: string): Locator {
    return this.card(toolName).getByTestId('untrusted-badge');
  }

  /** Issue 13: Connect on the card of a call whose server asked the user to sign in. */
  connect(toolName: string): Locator {
    return this.card(toolName).getByTestId('card-sign-in').getByRole('button', { name: 'Connect' });
  }

  /** Issue 15 item 9: the result's images and audio, drawn in the card. */
  images(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-media').locator('img');
  }

  audio(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-media').locator('audio');
  }

  result(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-result');
  }

  /** Issue 12: the disclosure naming what the model did not see of a result. */
  withheldNotice(toolName: string): Locator {
    return this.card(toolName).getByTestId('withheld-notice');
  }

  withheldReasons(toolName: string): Locator {
    return this.withheldNotice(toolName).getByTestId('withheld-reason');
  }

  /** Opens the disclosure with the keyboard, as a user would. */
  async openWithheld(toolName: string): Promise<void> {
    const summary = this.withheldNotice(toolName).locator('summary');
    await summary.focus();
    await summary.press('Enter');
  }
}
