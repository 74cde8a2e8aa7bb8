import { expect, type Locator, type Page } from '@playwright/test';
import { PreviewPage } from './preview-page';

/** A server card's OAuth sign-in (Connect / Disconnect) and the authorization server's pages. */
export class ServerSignIn {
  readonly preview: PreviewPage;

  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {
    this.preview = new PreviewPage(page);
  }

  get root(): Locator {
    return this.preview.server(this.serverId).getByTestId('server-sign-in');
  }

  state(): Locator {
    return this.root.getByTestId('sign-in-state');
  }

  scope(): Locator {
    return this.root.getByTestId('sign-in-scope');
  }

  error(): Locator {
    return this.root.getByTestId('sign-in-error');
  }

  outcome(): Locator {
    return this.page.getByTestId('sign-in-outcome');
  }

  async connect() {
    await this.root.getByTestId('sign-in-connect').click();
  }

  async disconnect() {
    await this.root.getByTestId('sign-in-disconnect').click();
  }

  /** The development login and consent pages of `oidc-provider`: any login and password. */
  async consentAt(issuer: string) {
    await expect(this.page).toHaveURL(new RegExp(`^${issuer}/`));
    const login = this.page.locator('input[name="login"]');
    const consent = this.page.getByRole('button', { name: 'Continue' });
    // A live session at the authorization server skips the login page.
    await expect(login.or(consent)).toBeVisible();
    if (await login.isVisible()) {
      await login.fill('ada');
      await this.page.locator('input[name="password"]').fill('any');
      await this.page.getByRole('button', { name: 'Sign-in' }).click();
    }
    await consent.click();
  }
}
