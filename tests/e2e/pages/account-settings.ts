import { expect, type Locator, type Page } from '@playwright/test';

/** Hosted mode: the Account section of the settings page (passkeys, device link, sessions). */
export class AccountSettings {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('account-settings');
  }

  async open() {
    await this.page.goto('/settings');
    await expect(this.root).toBeVisible();
  }

  passkeys(): Locator {
    return this.root.getByTestId('account-passkey');
  }

  message(): Locator {
    return this.root.getByTestId('account-message');
  }

  /** "Link another device": the one-time URL to open on the other device. */
  async linkDevice(): Promise<string> {
    await this.root.getByTestId('account-link-device').click();
    const url = this.root.getByTestId('account-link-url');
    await expect(url).toBeVisible();
    return (await url.textContent()) ?? '';
  }

  /** Removes the passkey at `index` (oldest first), through its confirmation. */
  async removePasskey(index: number) {
    const row = this.passkeys().nth(index);
    await row.getByTestId('account-passkey-remove').click();
    await row.getByTestId('account-passkey-remove-confirm').click();
    await expect(this.message()).toHaveText('The passkey was removed.');
  }

  removeButton(index: number): Locator {
    return this.passkeys().nth(index).getByTestId('account-passkey-remove');
  }

  async signOutEverywhereElse() {
    await this.root.getByTestId('account-revoke-others').click();
    await expect(this.message()).toHaveText('Every other session has ended.');
  }
}
