import { expect, type Locator, type Page } from '@playwright/test';
import { GateDialog } from './gate-dialog';

/** The gate dialog at a SEP-2672 verified approval (components/gate/verified-steps.tsx). */
export class VerifiedApprovalDialog {
  readonly gate: GateDialog;

  constructor(readonly page: Page) {
    this.gate = new GateDialog(page);
  }

  get steps(): Locator {
    return this.gate.root.getByTestId('verified-steps');
  }

  displayText(): Locator {
    return this.gate.root.getByTestId('verified-display-text');
  }

  /** The kind of passkey the tool asks for (SEP-2672 authenticatorClass), in words. */
  authenticator(): Locator {
    return this.gate.root.getByTestId('verified-authenticator');
  }

  async expectOpen(tool: string) {
    await expect(this.gate.root).toHaveAttribute('data-gate', 'verified');
    await expect(this.gate.root).toHaveAttribute('data-tool', tool);
  }

  /** First use: enrols a passkey with the MCP server (approves nothing), then waits for its challenge. */
  async enrol() {
    await expect(this.steps).toHaveAttribute('data-step', 'enrol');
    await this.gate.root.getByTestId('verified-enrol').click();
    await expect(this.steps).toHaveAttribute('data-step', 'approve');
  }

  async approve() {
    await expect(this.steps).toHaveAttribute('data-step', 'approve');
    await this.gate.root.getByTestId('gate-confirm').click();
  }

  async cancel() {
    await this.gate.root.getByTestId('gate-cancel').click();
  }
}
