import { expect, type Locator, type Page } from '@playwright/test';

export class PreviewPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/preview');
    await expect(this.page.getByRole('heading', { name: 'Developer preview' })).toBeVisible();
  }

  server(id: string): Locator {
    return this.page.locator(`[data-testid="server-card"][data-server="${id}"]`);
  }

  admitted(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="admitted-tool"][data-tool="${tool}"]`);
  }

  rejected(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="rejected-tool"][data-tool="${tool}"]`);
  }
}
