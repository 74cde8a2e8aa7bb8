import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The composer's `/` menu of MCP prompts (components/chat/prompt-menu.tsx), the chosen prompt's
 * arguments form with its completion suggestions, and the prompt the composer then holds.
 */
export class SlashMenu {
  readonly root: Locator;
  readonly composer: Locator;
  readonly listbox: Locator;
  readonly status: Locator;
  readonly form: Locator;
  readonly attachment: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('slash-menu');
    this.composer = page.getByTestId('composer');
    this.listbox = page.getByRole('listbox', { name: 'Prompts from your servers' });
    this.status = this.root.getByTestId('prompt-menu-status');
    this.form = page.getByTestId('prompt-arguments');
    this.attachment = page.getByTestId('prompt-attachment');
  }

  /** Opens the menu from the keyboard: `/` typed at the start of the empty composer. */
  async open() {
    await this.composer.focus();
    await expect(this.composer).toHaveValue('');
    await this.page.keyboard.type('/');
    await expect(this.root).toBeVisible();
  }

  /** Types after the `/`: the menu keeps the prompts whose name or title holds the words. */
  async filter(text: string) {
    await this.page.keyboard.type(text);
    await expect(this.composer).toHaveValue(`/${text}`);
  }

  /** An option of the menu by the prompt's title (or name) and its server's name. */
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

  async insert() {
    await this.form.getByRole('button', { name: 'Insert prompt' }).click();
    await expect(this.attachment).toBeVisible();
  }

  /** The chip of the prompt the composer holds: "Prompt: <title> · <server>". */
  chip(): Locator {
    return this.attachment.getByTestId('prompt-chip');
  }

  /** The prompt's text in the composer, which the user may edit before sending. */
  promptText(): Locator {
    return this.attachment.getByTestId('prompt-text');
  }
}
