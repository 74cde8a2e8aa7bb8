import { expect, type Locator, type Page } from '@playwright/test';

/** The host-drawn gate dialog (components/gate/gate-host.tsx). */
export class GateDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('gate-dialog');
  }

  /** A command gate (attack 15) showing exactly this argv, one argument per line. */
  async expectCommand(argv: string[], details: { envKeys?: string[]; cwd?: string } = {}) {
    await expect(this.root).toHaveAttribute('data-kind', 'command');
    await expect(this.root.getByTestId('gate-command-arg')).toHaveText(argv);
    await expect(this.root.getByTestId('gate-command-env')).toHaveText(
      details.envKeys?.length ? details.envKeys.join(', ') : 'none added',
    );
    await expect(this.root.getByTestId('gate-command-cwd')).toHaveText(details.cwd ?? "the host's own");
  }

  async approve() {
    await this.root.getByTestId('gate-confirm').click();
    await expect(this.root).toHaveCount(0);
  }

  async cancel() {
    await this.root.getByTestId('gate-cancel').click();
    await expect(this.root).toHaveCount(0);
  }
}
