import { expect, type Locator, type Page } from '@playwright/test';

/** The host-drawn elicitation dialog and its "waiting for <domain>" note (components/elicitation). */
export class ElicitationDialog {
  readonly root: Locator;
  readonly waiting: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('elicitation-dialog');
    this.waiting = page.getByTestId('elicitation-waiting');
  }

  /** The dialog is up for this server's tool call, in this mode. */
  async expectAsking(mode: 'form' | 'url' | 'refused', server: string, tool: string) {
    await expect(this.root).toHaveAttribute('data-mode', mode);
    await expect(this.root).toHaveAttribute('data-server', server);
    await expect(this.root).toHaveAttribute('data-tool', tool);
  }

  message(): Locator {
    return this.root.getByTestId('elicitation-message');
  }

  asker(): Locator {
    return this.root.getByTestId('elicitation-asker');
  }

  field(label: string): Locator {
    return this.root.getByLabel(label);
  }

  domain(): Locator {
    return this.root.getByTestId('elicitation-domain');
  }

  url(): Locator {
    return this.root.getByTestId('elicitation-url');
  }

  error(): Locator {
    return this.root.getByTestId('elicitation-error');
  }

  async accept() {
    await this.root.getByRole('button', { name: 'Accept' }).click();
  }

  async decline() {
    await this.root.getByRole('button', { name: 'Decline' }).click();
  }

  async cancel() {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
  }

  /** URL mode: Open, returning the tab it opened. */
  async open(domain: string) {
    const popup = this.page.waitForEvent('popup');
    await this.root.getByRole('button', { name: `Open ${domain}` }).click();
    return popup;
  }
}
