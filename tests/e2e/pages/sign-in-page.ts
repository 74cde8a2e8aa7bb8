import { expect, type Locator, type Page } from '@playwright/test';

/** Hosted mode's sign-in page (/sign-in) and the account row of the signed-in shell. */
export class SignInPage {
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('sign-in-panel');
  }

  async open() {
    await this.page.goto('/sign-in');
    await expect(this.panel).toBeVisible();
  }

  message(): Locator {
    return this.panel.getByTestId('sign-in-message');
  }

  async signUp(name: string) {
    await this.panel.getByTestId('sign-up-name').fill(name);
    await this.panel.getByTestId('sign-up-passkey').click();
  }

  async signIn() {
    await this.panel.getByTestId('sign-in-passkey').click();
  }

  /** On a device or recovery link: adds this device's passkey to the linked account. */
  async join() {
    await this.panel.getByTestId('join-passkey').click();
  }

  accountName(): Locator {
    return this.page.getByTestId('account-name');
  }

  async signOut() {
    await this.page.getByTestId('account-row').getByRole('button', { name: 'Sign out' }).click();
    await expect(this.panel).toBeVisible();
  }
}
