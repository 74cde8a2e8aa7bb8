import { expect, type Locator, type Page } from '@playwright/test';

export class PreviewPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/preview');
    await expect(this.page.getByRole('heading', { name: 'Developer preview' })).toBeVisible();
  }

  server(id: string): Locator {
    return this.page.locator(`[data-testid="server-card"][data-server="${id}"]`);
  }

  /** The protocol revision the host agreed with the server (2026-07-28, or a 2025-era one). */
  protocol(serverId: string): Locator {
    return this.server(serverId).getByTestId('server-protocol');
  }

  admitted(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="admitted-tool"][data-tool="${tool}"]`);
  }

  /** One declared SEP trust field of a tool (e.g. `inputMetadata.destination`), its value cell. */
  toolTrustField(serverId: string, tool: string, field: string): Locator {
    return this.admitted(serverId, tool).locator(`[data-testid="tool-trust"] [data-field="${field}"] dd`);
  }

  /** One field of a trust state in the trust panel (`preview` or a conversation id). */
  trustStateField(conversation: string, field: string): Locator {
    return this.page.locator(
      `[data-testid="trust-state"][data-conversation="${conversation}"] [data-field="${field}"] dd`,
    );
  }

  /** One of a server card's tabs (Tools, Prompts, Server log, Trace) by the start of its name. */
  tab(serverId: string, name: string): Locator {
    return this.server(serverId).getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** Selects a card's tab (a click) unless it is selected already. */
  async openTab(serverId: string, name: string) {
    const tab = this.tab(serverId, name);
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** Opens a tool's "Try it" form (on the card's Tools tab). */
  async tryIt(serverId: string, tool: string) {
    await this.openTab(serverId, 'Tools');
    await this.admitted(serverId, tool).getByRole('button', { name: 'Try it' }).click();
  }

  /** The tool's view the preview shows beside its last call's envelope. */
  view(serverId: string, tool: string): Locator {
    return this.admitted(serverId, tool).getByTestId('preview-view');
  }

  /** Calls the tool from its open "Try it" form (no arguments needed) and waits for the response. */
  async call(serverId: string, tool: string) {
    const row = this.admitted(serverId, tool);
    await row
      .getByRole('form', { name: `Call ${tool}` })
      .getByRole('button', { name: 'Call' })
      .click();
    await expect(row.getByTestId('call-response')).toBeVisible();
  }

  /** The policy line of an open "Try it" form, and the rule that decided it. */
  decisionRule(serverId: string, tool: string): Locator {
    return this.admitted(serverId, tool).getByTestId('decision-rule');
  }

  /** Counts every change under an open "Try it" form's policy line from now on (read with `decisionChanges`). */
  async watchDecision(serverId: string, tool: string) {
    await this.admitted(serverId, tool)
      .getByTestId('decision')
      .evaluate((line) => {
        // The line itself (text, children) and its place in the form (replaced by "Checking policy…").
        // Not the form's inputs: React re-sets their `name` on every render without a visible change.
        const target = line.parentElement ?? line;
        target.setAttribute('data-changes', '0');
        const count = (records: MutationRecord[]) =>
          target.setAttribute(
            'data-changes',
            String(Number(target.getAttribute('data-changes')) + records.length),
          );
        new MutationObserver(count).observe(line, { childList: true, subtree: true, characterData: true });
        new MutationObserver(count).observe(target, { childList: true });
      });
  }

  async decisionChanges(serverId: string, tool: string): Promise<number> {
    const line = this.admitted(serverId, tool).getByTestId('decision');
    return Number(await line.evaluate((el) => (el.parentElement ?? el).getAttribute('data-changes')));
  }

  /** Waits until the servers panel has re-read the servers `times` more times (it polls every 2 s). */
  async serverRefreshes(times: number) {
    for (let i = 0; i < times; i++)
      await this.page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/servers' && r.request().method() === 'GET',
      );
  }

  /** A tool listed under "Changed since you trusted them" (docs/security.md, "Rug-pulls"), with its diff and Accept. */
  changed(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="changed-tool"][data-tool="${tool}"]`);
  }

  /** A view of the server whose HTML changed since the user trusted it: refused until reviewed and accepted. */
  changedView(serverId: string, uri: string): Locator {
    return this.server(serverId).locator(`[data-testid="changed-view"][data-uri="${uri}"]`);
  }

  addServerForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a server' });
  }

  /** Fills and submits the add-server form with a URL server, and its bearer token and headers if given. */
  async addHttpServer(
    id: string,
    url: string,
    credentials: {
      bearer?: string;
      headers?: Array<{ name: string; value: string }>;
      admission?: string;
    } = {},
  ) {
    const form = this.addServerForm();
    await form.getByLabel(/^Id/).fill(id);
    await form.getByLabel('URL', { exact: true }).fill(url);
    if (credentials.bearer !== undefined) await form.getByLabel('Bearer token').fill(credentials.bearer);
    for (const [index, header] of (credentials.headers ?? []).entries()) {
      await form.getByRole('button', { name: 'Add a header' }).click();
      await form.getByLabel(`Header ${index + 1} name`).fill(header.name);
      await form.getByLabel(`Header ${index + 1} value`).fill(header.value);
    }
    if (credentials.admission)
      await form.locator('select[name="admission"]').selectOption(credentials.admission);
    await form.getByRole('button', { name: 'Add server' }).click();
  }

  /** The error lines under the add form's fields. */
  addServerFieldErrors(): Locator {
    return this.addServerForm().getByTestId('field-error');
  }

  rejected(serverId: string, tool: string): Locator {
    return this.server(serverId).locator(`[data-testid="rejected-tool"][data-tool="${tool}"]`);
  }

  /** Fills the add-server form with a command (stdio) server and submits it; the host then asks to confirm. */
  async addCommandServer(registration: { id: string; command: string[]; admission?: string }) {
    const form = this.page.getByRole('form', { name: 'Add a server' });
    await form.locator('input[name="id"]').fill(registration.id);
    await form.getByLabel(/Command \(stdio/).check();
    await form.locator('textarea[name="command"]').fill(registration.command.join('\n'));
    await form.locator('select[name="admission"]').selectOption(registration.admission ?? 'strict');
    await form.getByTestId('add-server').click();
  }

  addServerNotice(): Locator {
    return this.page.getByTestId('add-server-notice');
  }
}
