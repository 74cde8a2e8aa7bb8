import type { Locator, Page } from '@playwright/test';

/**
 * The statement under a user's message whose reply a crash cut (components/chat/interrupted-reply.tsx),
 * with its Retry.
 */
export class InterruptedReply {
  readonly root: Locator;
  readonly retryButton: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('reply-interrupted');
    this.retryButton = this.root.getByRole('button', { name: 'Retry' });
  }

  /** Asks for the reply again and returns once the host has taken the new turn (its POST answered). */
  async retry(): Promise<void> {
    const taken = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/chat',
    );
    await this.retryButton.click();
    await taken;
  }
}
