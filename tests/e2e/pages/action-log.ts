import type { Locator, Page } from '@playwright/test';

/** The action log (app/(chat)/audit): what the host recorded of each action call. */
export class ActionLog {
  constructor(readonly page: Page) {}

  /**
   * The rows of a tool, of one server when `serverId` is given: tests in parallel workers share the
   * local user's log, and two of them may call tools of the same name on servers of their own.
   */
  rows(toolName: string, outcome?: RegExp, serverId?: string): Locator {
    let rows = this.page.getByTestId('audit-row').filter({ hasText: toolName });
    if (serverId) rows = rows.filter({ hasText: serverId });
    return outcome ? rows.filter({ hasText: outcome }) : rows;
  }

  /** The rows of a tool whose stored (machine-readable) outcome is exactly this; the cell shows it in words. */
  stored(toolName: string, outcome: string): Locator {
    return this.rows(toolName).and(this.page.locator(`[data-outcome="${outcome}"]`));
  }

  /** How many calls of this tool the log holds with this outcome, read afresh. */
  async count(toolName: string, outcome?: RegExp, serverId?: string): Promise<number> {
    await this.page.goto('/audit');
    return this.rows(toolName, outcome, serverId).count();
  }
}
