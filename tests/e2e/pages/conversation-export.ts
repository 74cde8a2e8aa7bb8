import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** A conversation row's export menu in the sidebar (components/chat/conversation-export.tsx). */
export class ConversationExportMenu {
  readonly button: Locator;
  readonly menu: Locator;

  constructor(
    readonly page: Page,
    readonly row: Locator,
  ) {
    this.button = row.getByTestId('conversation-export');
    this.menu = row.getByTestId('conversation-export-menu');
  }

  /** Opens the menu, picks a format and returns the downloaded file's name and text. */
  async download(format: 'md' | 'json'): Promise<{ name: string; text: string }> {
    await this.row.hover();
    await this.button.click();
    await expect(this.menu).toBeVisible();
    const downloading = this.page.waitForEvent('download');
    await this.menu
      .getByRole('link', { name: format === 'md' ? 'Export as Markdown' : 'Export as JSON' })
      .click();
    const download = await downloading;
    const path = await download.path();
    await expect(this.menu).toHaveCount(0);
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
