import { expect, type Locator, type Page } from '@playwright/test';

/** The "Server log" section of one server's card in the developer preview. */
export class ServerLogSection {
  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {}

  root(): Locator {
    return this.page.locator(
      `[data-testid="server-card"][data-server="${this.serverId}"] [data-testid="server-log"]`,
    );
  }

  /** Selects the card's "Server log" tab. */
  async open() {
    await this.page
      .locator(`[data-testid="server-card"][data-server="${this.serverId}"]`)
      .getByRole('tab', { name: /^Server log/ })
      .click();
    await expect(this.root().getByLabel('Show', { exact: true })).toBeVisible();
  }

  entries(): Locator {
    return this.root().getByTestId('log-entry');
  }

  /** The entries whose text contains `text` (time, level, source and message together). */
  entry(text: string): Locator {
    return this.entries().filter({ hasText: text });
  }

  /** One cell of an entry: `time`, `level`, `source` or `message`. */
  cell(entry: Locator, column: 'time' | 'level' | 'source' | 'message'): Locator {
    const index = { time: 0, level: 1, source: 2, message: 3 }[column];
    return entry.locator('td').nth(index);
  }

  /** The levels of the entries shown, newest last. */
  async levelsShown(): Promise<string[]> {
    return this.entries().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-level') ?? ''));
  }

  /** Picks a filter by its label ("All", "Warning and above", …). */
  async show(label: string) {
    await this.root().getByLabel('Show', { exact: true }).selectOption({ label });
  }

  empty(): Locator {
    return this.root().getByTestId('server-log-empty');
  }

  levelControl(): Locator {
    return this.root().getByTestId('log-level-control');
  }

  /** Why the level cannot be set here (a 2026-07-28 server, or one without logging). */
  levelReason(): Locator {
    return this.root().getByTestId('log-level-reason');
  }

  /** Sets the server's level (logging/setLevel) and waits until the card shows it. */
  async setLevel(level: string) {
    const control = this.levelControl();
    await control.getByLabel('Server sends').selectOption(level);
    const answered = this.page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/servers/${this.serverId}/log-level` &&
        r.request().method() === 'POST',
    );
    await control.getByRole('button', { name: 'Set level' }).click();
    expect((await answered).status()).toBe(200);
    await expect(control.getByTestId('log-level-current')).toHaveText(`set to ${level}`);
  }
}
