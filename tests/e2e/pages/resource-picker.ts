import { expect, type Locator, type Page } from '@playwright/test';
import { ComposerMenu } from './composer-menu';

/**
 * The composer's resource picker (components/chat/resource-menu.tsx): opened by its button or by
 * `@`, a template's small form, and the resources attached to the message being written.
 */
export class ResourcePicker extends ComposerMenu {
  readonly status: Locator;
  readonly button: Locator;
  readonly attachments: Locator;

  constructor(page: Page) {
    const root = page.getByTestId('resource-menu');
    super(
      page,
      root,
      page.getByRole('listbox', { name: 'Resources from your servers' }),
      page.getByTestId('resource-template-form'),
    );
    this.status = root.getByTestId('resource-menu-status');
    this.button = page.getByRole('button', { name: 'Attach a resource' });
    this.attachments = page.getByRole('list', { name: 'Attached resources' });
  }

  /** Opens the picker from the keyboard: Tab to the button from the composer's side, Enter. */
  async openByButton() {
    await this.button.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.root).toBeVisible();
    await expect(this.composer).toBeFocused();
  }

  /** Opens the picker by `@` typed at a word's start in the composer. */
  async openByAt() {
    await this.composer.focus();
    await this.page.keyboard.type('@');
    await expect(this.root).toBeVisible();
  }

  /** Types to filter; the picker keeps what holds every word. */
  async filter(text: string) {
    await this.page.keyboard.type(text);
  }

  /** Chooses `target` with the keyboard: arrows until it is active, then Enter. */
  async choose(target: Locator) {
    await expect(target).toBeVisible();
    await this.moveTo(target);
    await this.composer.press('Enter');
  }

  async attachTemplate() {
    await this.form.getByRole('button', { name: 'Attach resource' }).click();
    await expect(this.form).toBeHidden();
  }

  /** A chip of an attached resource in the composer: "Resource: <name> · <server>". */
  chip(name: string): Locator {
    return this.attachments.getByTestId('resource-chip').filter({ hasText: name });
  }
}
