import type { Locator, Page } from '@playwright/test';

/** The action log (app/(chat)/audit): what the host recorded of each action call. */
export class ActionLog {
  constructor(readonly page: Page) {}

  rows(toolName: string, outcome?: RegExp): Locator {
    const rows = this.page.getByTestId('audit-row').filter({ hasText: toolName });
    return outcome ? rows.filter({ hasText: outcome }) : rows;
  }

  /** How many calls of this tool the log holds with this outcome, read afresh. */
  async count(toolName: string, outcome?: RegExp): Promise<number> {
    await this.page.goto('/audit');
    return this.rows(toolName, outcome).count();
  }
}
