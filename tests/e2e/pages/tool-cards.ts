import type { Locator, Page } from '@playwright/test';

/** The chat's tool-call cards, found by the MCP tool name they show. */
export class ToolCards {
  constructor(readonly page: Page) {}

  card(toolName: string): Locator {
    return this.page.locator(`[data-testid="tool-call-card"][data-tool-name="${toolName}"]`).last();
  }

  untrustedBadge(toolName: string): Locator {
    return this.card(toolName).getByTestId('untrusted-badge');
  }
}
