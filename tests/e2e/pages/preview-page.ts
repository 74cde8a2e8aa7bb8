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

  /** A tool listed under "Changed since you trusted them" (attack 18), with its diff and Accept. */
  changed(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="changed-tool"][data-tool="${tool}"]`);
  }

  addServerForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a server' });
  }

  /** Fills and submits the add-server form with a URL server. */
  async addHttpServer(id: string, url: string) {
    const form = this.addServerForm();
    await form.getByLabel(/^Id/).fill(id);
    await form.getByLabel('URL', { exact: true }).fill(url);
    await form.getByRole('button', { name: 'Add server' }).click();
  }

  rejected(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="rejected-tool"][data-tool="${tool}"]`);
  }

  /** Fills the add-server form with a command (stdio) server and submits it; the host then asks to confirm. */
  async addCommandServer(registration: { id: string; command: string[]; admission?: string }) {
    const form = this.page.getByRole('form', { name: 'Add a server' });
    await form.locator('input[name="id"]').fill(registration.id);
    await form.getByLabel(/Command \(stdio/).check();
    await form.locator('textarea[name="command"]').fill(registration.command.join('\n'));
    await form.locator('select[name="admission"]').selectOption(registration.admission ?? 'strict');
    await form.getByTestId('add-server').click();
  }

  addServerNotice(): Locator {
    return this.page.getByTestId('add-server-notice');
  }
}
