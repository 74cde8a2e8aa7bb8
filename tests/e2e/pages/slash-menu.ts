import { expect, type Locator, type Page } from '@playwright/test';
import { ComposerMenu } from './composer-menu';

/**
 * The composer's `/` menu of MCP prompts (components/chat/prompt-menu.tsx), the chosen prompt's
 * arguments form with its completion suggestions, and the prompt the composer then holds.
 */
export class SlashMenu extends ComposerMenu {
  readonly status: Locator;
  readonly attachment: Locator;

  constructor(page: Page) {
    const root = page.getByTestId('slash-menu');
    super(
      page,
      root,
      page.getByRole('listbox', { name: 'Prompts from your servers' }),
      page.getByTestId('prompt-arguments'),
    );
    this.status = root.getByTestId('prompt-menu-status');
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
