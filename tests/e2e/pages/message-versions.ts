import type { Locator, Page } from '@playwright/test';

/**
 * The versions of one message (components/chat/message-versions.tsx): `‹ 2/3 ›` under a message
 * that was edited or whose reply was regenerated, and the edit that makes a version of a message.
 */
export class MessageVersions {
  readonly group: Locator;
  readonly previousButton: Locator;
  readonly nextButton: Locator;
  readonly count: Locator;

  constructor(
    readonly page: Page,
    /** The message (its article: `chat.userMessages().first()`, say). */
    readonly message: Locator,
  ) {
    this.group = message.getByRole('group', { name: 'Versions' });
    this.previousButton = this.group.getByRole('button', { name: 'Previous version' });
    this.nextButton = this.group.getByRole('button', { name: 'Next version' });
    this.count = this.group.getByTestId('version-count');
  }

  /** Shows the version before this one and returns once the server has answered with its branch. */
  async showPrevious(): Promise<void> {
    const shown = this.branchAnswered();
    await this.previousButton.click();
    await shown;
  }

  /** Shows the version after this one with the keyboard (focus, Enter), once the server has answered. */
  async showNextByKeyboard(): Promise<void> {
    const shown = this.branchAnswered();
    await this.nextButton.focus();
    await this.page.keyboard.press('Enter');
    await shown;
  }

  /** Edits the message (its Edit, the draft, Enter) and returns once the host has taken the turn. */
  async edit(text: string): Promise<void> {
    const taken = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/chat',
    );
    await this.message.getByTestId('edit-message').click();
    const draft = this.message.getByTestId('edit-draft');
    await draft.fill(text);
    await draft.press('Enter');
    await taken;
  }

  private branchAnswered() {
    return this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/branch'),
    );
  }
}
