import { expect, type Locator, type Page } from '@playwright/test';

/** The host-drawn sampling dialog (components/sampling): a server's request for the model. */
export class SamplingDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('sampling-dialog');
  }

  /** The dialog is up for this server's tool call. */
  async expectAsking(server: string, tool: string) {
    await expect(this.root).toHaveAttribute('data-server', server);
    await expect(this.root).toHaveAttribute('data-tool', tool);
  }

  asker(): Locator {
    return this.root.getByTestId('sampling-asker');
  }

  systemPrompt(): Locator {
    return this.root.getByTestId('sampling-system');
  }

  /** The editable text of the n-th text block (0-based), labelled "Message n+1 (role)". */
  message(index: number): Locator {
    return this.root.getByTestId('sampling-message').nth(index);
  }

  params(): Locator {
    return this.root.getByTestId('sampling-params');
  }

  error(): Locator {
    return this.root.getByTestId('sampling-error');
  }

  rememberBox(): Locator {
    return this.root.getByLabel('Always allow sampling from this server');
  }

  async approve() {
    await this.root.getByRole('button', { name: 'Approve' }).click();
  }

  async deny() {
    await this.root.getByRole('button', { name: 'Deny' }).click();
  }
}
