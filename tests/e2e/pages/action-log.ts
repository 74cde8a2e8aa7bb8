import type { Locator, Page } from '@playwright/test';

/** The action log (app/(chat)/audit): what the host recorded of each action call. */
export class ActionLog {
  constructor(readonly page: Page) {}

  rows(toolName: string, outcome?: RegExp): Locator {
    const rows = this.page.getByTestId('audit-row').filter({ hasText: toolName });
    return outcome ? rows.filter({ hasText: outcome }) : rows;
  }

  /** The rows of a tool whose stored (machine-readable) outcome is exactly this; the cell shows it in words. */
  stored(toolName: string, outcome: string): Locator {
    return this.rows(toolName).and(this.page.locator(`[data-outcome="${outcome}"]`));
  }

  /** How many calls of this tool the log holds with this outcome, read afresh. */
  async count(toolName: string, outcome?: RegExp): Promise<number> {
    await this.page.goto('/audit');
    return this.rows(toolName, outcome).count();
  }
}
