import { expect, type Locator } from '@playwright/test';

/** The Reveal control of one secret reference on a tool card (components/chat/secret-reveal.tsx). */
export class SecretReveal {
  readonly root: Locator;
  readonly revealButton: Locator;
  readonly value: Locator;
  readonly error: Locator;
  readonly copyButton: Locator;
  readonly hideButton: Locator;

  /** The reference with this label on the card. */
  constructor(card: Locator, label: string) {
    this.root = card.getByTestId('secret-reference').filter({ hasText: label });
    this.revealButton = this.root.getByTestId('secret-reveal');
    this.value = this.root.getByTestId('secret-value');
    this.error = this.root.getByTestId('secret-error');
    this.copyButton = this.root.getByTestId('secret-copy');
    this.hideButton = this.root.getByTestId('secret-hide');
  }

  /** Reveals with the keyboard (focus, Enter), as a keyboard user would, and waits for the outcome. */
  async reveal(): Promise<void> {
    await this.revealButton.focus();
    await this.revealButton.press('Enter');
    await expect(this.value.or(this.error)).toBeVisible();
  }
}
