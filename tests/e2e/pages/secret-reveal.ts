import { expect, type Locator } from '@playwright/test';

/**
 * The Reveal control of one secret reference on a tool card (components/chat/secret-reveal.tsx), or
 * of a value masked when the conversation was opened again (lib/trust/display-mask.ts).
 */
export class SecretReveal {
  /** The masked value numbered `n` on the card (its label starts "Sensitive value n"). */
  static masked(card: Locator, n: number): SecretReveal {
    return new SecretReveal(card, `Sensitive value ${n}`, 'masked');
  }

  /** Every value masked on the card. */
  static allMasked(card: Locator): Locator {
    return card.locator('[data-testid="secret-reference"][data-kind="masked"]');
  }

  readonly root: Locator;
  readonly revealButton: Locator;
  readonly value: Locator;
  readonly error: Locator;
  readonly copyButton: Locator;
  readonly hideButton: Locator;

  /** The reference with this label on the card (of this kind, when given). */
  constructor(card: Locator, label: string, kind?: 'masked' | 'reference') {
    const items = kind
      ? card.locator(`[data-testid="secret-reference"][data-kind="${kind}"]`)
      : card.getByTestId('secret-reference');
    this.root = items.filter({ hasText: label });
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

  /** Hidden again (the timed hide, or Hide): no value on screen, Reveal offered again. */
  async expectHidden(): Promise<void> {
    await expect(this.value).toHaveCount(0);
    await expect(this.revealButton).toBeEnabled();
  }
}
