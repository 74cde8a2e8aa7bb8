import { expect, type Locator, type Page } from '@playwright/test';

/** The "Passkeys" section of the action log page (/audit). */
export class PasskeyPanel {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('passkey-panel');
  }

  async open() {
    await this.page.goto('/audit');
    await expect(this.count()).toBeVisible();
  }

  count(): Locator {
    return this.root.getByTestId('passkey-count');
  }

  note(): Locator {
    return this.root.getByTestId('passkey-note');
  }

  async add() {
    await this.root.getByTestId('passkey-add').click();
  }
}
