import { expect, type Locator, type Page } from '@playwright/test';

/** The host-drawn gate dialog (components/gate/gate-host.tsx). */
export class GateDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('gate-dialog');
  }

  /** The tool as people read it (its title, else its name as words); its name is in `data-tool`. */
  get tool(): Locator {
    return this.root.getByTestId('gate-tool').first();
  }

  /** The server's display name, beside the tool. */
  get server(): Locator {
    return this.root.getByTestId('gate-server').first();
  }

  /** Keyboard focus is on a control of the dialog (not left in a view's frame or behind the modal). */
  async expectFocused() {
    await expect
      .poll(() =>
        this.page.evaluate(() => {
          const dialog = document.querySelector('[data-testid="gate-dialog"]');
          return document.hasFocus() && dialog?.contains(document.activeElement) === true;
        }),
      )
      .toBe(true);
  }

  /** A command gate (docs/security.md, "Command execution") showing exactly this argv, one argument per line. */
  async expectCommand(argv: string[], details: { envKeys?: string[]; cwd?: string } = {}) {
    await expect(this.root).toHaveAttribute('data-kind', 'command');
    await expect(this.root.getByTestId('gate-command-arg')).toHaveText(argv);
    await expect(this.root.getByTestId('gate-command-env')).toHaveText(
      details.envKeys?.length ? details.envKeys.join(', ') : 'none added',
    );
    await expect(this.root.getByTestId('gate-command-cwd')).toHaveText(details.cwd ?? "the host's own");
  }

  /** The trust reasons the dialog gives, by rule (public-destination, irreversible, malicious-activity). */
  trustReason(rule: string): Locator {
    return this.root.locator(`[data-testid="gate-trust-reason"][data-rule="${rule}"]`);
  }

  /** One argument, by its key (`reservation.partySize` when nested): its label, then its value. */
  arg(key: string): Locator {
    return this.root.locator(`[data-testid="gate-arg"][data-key="${key}"]`).locator('dt, dd');
  }

  /** The details above the answer (reasons, tool, arguments): they scroll inside the dialog. */
  details(): Locator {
    return this.root.getByTestId('gate-details');
  }

  confirmButton(): Locator {
    return this.root.getByTestId('gate-confirm');
  }

  cancelButton(): Locator {
    return this.root.getByTestId('gate-cancel');
  }

  /** Whether the details hold more than they show (they scroll rather than push the buttons away). */
  async detailsScroll(): Promise<boolean> {
    return this.details().evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  }

  /** The "how long to allow it" choice; absent when nothing may be remembered. */
  rememberChoice(): Locator {
    return this.root.getByTestId('gate-remember');
  }

  /** The scopes the confirmation offers to remember, in order ("once" first). */
  async offeredScopes(): Promise<string[]> {
    const radios = this.root.getByTestId('gate-remember').getByRole('radio');
    return radios.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  }

  /** Approves and remembers the approval in a scope: 'conversation', 'view' or 'always'. */
  async approveRemembering(scope: 'conversation' | 'view' | 'always') {
    await this.root.getByTestId(`gate-remember-${scope}`).check();
    await this.approve();
  }

  /** Records every gate ticket the page draws a dialog for from now on (by ticket id). */
  static async startCounting(page: Page) {
    await page.evaluate(() => {
      const win = window as Window & { __gateIds?: Set<string> };
      const seen = new Set<string>();
      win.__gateIds = seen;
      const look = () => {
        for (const dialog of document.querySelectorAll('[data-testid="gate-dialog"]'))
          seen.add(dialog.getAttribute('data-gate-id') ?? '');
      };
      look();
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['data-gate-id'],
      });
    });
  }

  /** How many distinct gate dialogs were drawn since `startCounting`. */
  static async counted(page: Page): Promise<number> {
    return page.evaluate(() => (window as Window & { __gateIds?: Set<string> }).__gateIds?.size ?? 0);
  }

  /** Answers the dialog shown now; another ticket's dialog may follow it. */
  private async answer(button: 'gate-confirm' | 'gate-cancel') {
    const id = await this.root.getAttribute('data-gate-id');
    await this.root.getByTestId(button).click();
    await expect(this.page.locator(`[data-testid="gate-dialog"][data-gate-id="${id}"]`)).toHaveCount(0);
  }

  async approve() {
    await this.answer('gate-confirm');
  }

  async cancel() {
    await this.answer('gate-cancel');
  }
}
