import { expect, type Locator, type Page } from '@playwright/test';

export class ChatPage {
  readonly composer: Locator;
  readonly messages: Locator;
  readonly conversationList: Locator;
  readonly modeSelect: Locator;
  readonly modelPicker: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByTestId('composer');
    this.messages = page.getByTestId('messages');
    this.conversationList = page.getByTestId('conversation-list');
    this.modeSelect = page.getByTestId('chat-mode');
    this.modelPicker = page.getByTestId('model-picker');
    this.error = page.getByTestId('chat-error');
  }

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByTestId('chat')).toBeVisible();
  }

  /** Whether the markdown renderer has loaded in this page (components/chat/markdown.tsx marks it). */
  markdownReady(): Promise<boolean> {
    return this.hasMark('mcplet:markdown-ready');
  }

  /** The markdown renderer has rendered once off the page (`warmUp` in components/chat/markdown-renderer.tsx). */
  markdownWarmed(): Promise<boolean> {
    return this.hasMark('mcplet:markdown-warmed');
  }

  private hasMark(name: string): Promise<boolean> {
    return this.page.evaluate((mark) => performance.getEntriesByName(mark).length > 0, name);
  }

  /** Starts recording whether the messages ever show `raw` as it is (read with rawTextSeen). */
  async watchForRawText(raw: string) {
    await this.page.evaluate((needle) => {
      const seen = window as unknown as { rawTextSeen?: boolean };
      seen.rawTextSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="messages"]')?.textContent?.includes(needle))
          seen.rawTextSeen = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, raw);
  }

  rawTextSeen(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { rawTextSeen?: boolean }).rawTextSeen === true);
  }

  /** How far the messages are scrolled from their end, in pixels. */
  distanceFromBottom(): Promise<number> {
    return this.messages.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  }

  /** Types a message and sends it with the keyboard, as a user would. */
  async send(text: string) {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  /** Asks the model again for the last answer (the control under it). */
  /**
   * Regenerates the last reply and returns once the host has taken the new turn (its POST answered):
   * until then the old reply, often the same text, still shows and the chat still reads as idle.
   */
  async regenerate() {
    const taken = this.page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/chat',
    );
    await this.page.getByTestId('regenerate').click();
    await taken;
  }

  assistantMessages(): Locator {
    return this.page.getByTestId('message-assistant');
  }

  userMessages(): Locator {
    return this.page.getByTestId('message-user');
  }

  lastAssistant(): Locator {
    return this.assistantMessages().last();
  }

  async waitIdle(timeout?: number) {
    await expect(this.page.getByTestId('chat')).toHaveAttribute('data-status', /ready|error/, { timeout });
  }

  /** The conversation the page shows (the address names it just after the first send). */
  async conversationId(): Promise<string> {
    await this.page.waitForURL(/\/c\//);
    const match = /\/c\/([^/?#]+)/.exec(this.page.url());
    if (!match?.[1]) throw new Error(`not on a conversation page: ${this.page.url()}`);
    return decodeURIComponent(match[1]);
  }

  /** How the server stored the conversation's last reply as ended (`stopped`, `cut-off`), or null. */
  async storedEnding(): Promise<string | null> {
    const response = await this.page.request.get(`/api/conversations/${await this.conversationId()}`);
    const body = (await response.json()) as { messages: Array<{ metadata?: { ended?: string } }> };
    return body.messages.at(-1)?.metadata?.ended ?? null;
  }

  /** What became of the latest derived result (mcplet_set_tool_result), under its card. */
  derivedStatus(): Locator {
    return this.page.getByTestId('derived-status').last();
  }

  conversationRow(title: string | RegExp): Locator {
    return this.conversationList.getByRole('listitem').filter({ hasText: title });
  }
}
