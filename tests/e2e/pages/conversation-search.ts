import type { Locator, Page } from '@playwright/test';

/** The sidebar's search: titles filtered in place, and the conversations found by their messages. */
export class ConversationSearch {
  readonly input: Locator;
  readonly messageHits: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('conversation-search');
    this.messageHits = page.getByTestId('message-hits');
  }

  async search(text: string) {
    await this.input.fill(text);
  }

  /** The hits in messages, each a link to its conversation at the message. */
  hits(): Locator {
    return this.messageHits.getByTestId('message-hit');
  }

  /** The words of a hit's snippet that matched. */
  marked(hit: Locator): Locator {
    return hit.locator('mark');
  }
}
