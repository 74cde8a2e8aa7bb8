import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What the composer's menus share (components/chat/menu-list.tsx): a listbox the composer's textbox
 * controls by aria-activedescendant, walked by the keyboard, and a small form whose fields suggest
 * completion/complete values (components/chat/prompt-arguments-form.tsx `ArgumentField`).
 */
export class ComposerMenu {
  readonly composer: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
    readonly listbox: Locator,
    readonly form: Locator,
  ) {
    this.composer = page.getByTestId('composer');
  }

  /** An option of the menu by its title (or name) and its server's name. */
  option(title: string, server: string): Locator {
    return this.listbox.getByRole('option').filter({ hasText: title }).filter({ hasText: server });
  }

  /** The option the composer names as active (aria-activedescendant), as the keyboard moves it. */
  async activeOption(): Promise<Locator> {
    const id = await this.composer.getAttribute('aria-activedescendant');
    if (!id) throw new Error('no option is active');
    return this.page.locator(`[id="${id}"]`);
  }

  /** Moves the active option down (or up) until it is `target`, by the keyboard only. */
  async moveTo(target: Locator, key: 'ArrowDown' | 'ArrowUp' = 'ArrowDown') {
    const count = await this.listbox.getByRole('option').count();
    for (let i = 0; i <= count; i++) {
      const active = await this.activeOption();
      if ((await active.getAttribute('id')) === (await target.getAttribute('id'))) {
        await expect(target).toHaveAttribute('aria-selected', 'true');
        return;
      }
      await this.composer.press(key);
    }
    throw new Error('the option was never active');
  }

  /** An argument's field in the arguments form, by its label. */
  field(label: string | RegExp): Locator {
    return this.form.getByLabel(label);
  }

  /** The suggestions listbox of an argument (completion/complete). */
  suggestions(label: string): Locator {
    return this.form.getByRole('listbox', { name: `Suggestions for ${label}` });
  }

  /** Types into an argument and takes a suggestion with the keyboard (ArrowDown until it, Enter). */
  async complete(label: string, typed: string, suggestion: string) {
    const field = this.field(new RegExp(`^${label}`));
    await field.focus();
    await field.pressSequentially(typed);
    const list = this.suggestions(label);
    await expect(list.getByRole('option', { name: suggestion, exact: true })).toBeVisible();
    const names = await list.getByRole('option').allInnerTexts();
    for (let i = 0; i <= names.indexOf(suggestion); i++) await field.press('ArrowDown');
    await expect(list.getByRole('option', { name: suggestion, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await field.press('Enter');
    await expect(field).toHaveValue(suggestion);
    await expect(list).toBeHidden();
  }
}
