import { expect, type Locator, type Page } from '@playwright/test';

function card(page: Page, serverId: string): Locator {
  return page.locator(`[data-testid="server-card"][data-server="${serverId}"]`);
}

/** A server card's admission switch: pick a mode, read the consequences, then switch. */
export class AdmissionSwitchSection {
  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {}

  root(): Locator {
    return card(this.page, this.serverId).getByTestId('admission-switch');
  }

  current(): Locator {
    return this.root().getByTestId('admission-current');
  }

  /** Picks a mode: the consequences appear, nothing is switched yet. */
  async choose(mode: string) {
    await this.root()
      .getByLabel(/switch to/)
      .selectOption(mode);
    await expect(this.consequences()).toBeVisible();
  }

  consequences(): Locator {
    return this.root().getByTestId('admission-consequences');
  }

  /** Confirms the switch and waits for the host's answer. */
  async confirm(mode: string) {
    const answered = this.page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/servers/${this.serverId}/admission` &&
        r.request().method() === 'POST',
    );
    await this.root()
      .getByRole('button', { name: `Switch to ${mode}` })
      .click();
    expect((await answered).status()).toBe(200);
  }
}

/** A server card's Prompts tab. */
export class ServerPromptsSection {
  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {}

  root(): Locator {
    return card(this.page, this.serverId).getByTestId('server-prompts');
  }

  prompt(name: string): Locator {
    return this.root().locator(`[data-testid="server-prompt"][data-prompt="${name}"]`);
  }

  /** Opens a prompt's form, fills its arguments (by label) and gets its messages. */
  async tryPrompt(name: string, args: Record<string, string>) {
    const prompt = this.prompt(name);
    await prompt.getByRole('button', { name: 'Try it' }).click();
    const form = prompt.getByRole('form', { name: `Try prompt ${name}` });
    for (const [label, value] of Object.entries(args)) await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Get messages' }).click();
  }

  messages(name: string): Locator {
    return this.prompt(name).getByTestId('prompt-messages').locator('li');
  }
}

/** A server card's Trace tab: the session's JSON-RPC, both ways. */
export class ServerTraceSection {
  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {}

  root(): Locator {
    return card(this.page, this.serverId).getByTestId('server-trace');
  }

  entries(): Locator {
    return this.root().getByTestId('trace-entry');
  }

  /** The entries of one method (requests, and the responses filed under their request's method). */
  entriesOf(method: string, direction?: 'sent' | 'received'): Locator {
    const where = direction ? `[data-direction="${direction}"]` : '';
    return this.root().locator(`[data-testid="trace-entry"][data-method="${method}"]${where}`);
  }

  async filter(method: string) {
    await this.root().getByLabel('Method').selectOption(method);
  }
}

/** A server card's Resources tab: its resources as listed, each read through the host. */
export class ServerResourcesSection {
  constructor(
    readonly page: Page,
    readonly serverId: string,
  ) {}

  root(): Locator {
    return card(this.page, this.serverId).getByTestId('server-resources');
  }

  resource(uri: string): Locator {
    return this.root().locator(`[data-testid="server-resource"][data-uri="${uri}"]`);
  }

  async read(uri: string) {
    await this.resource(uri).getByRole('button', { name: 'Read', exact: true }).click();
  }

  async readAgain(uri: string) {
    await this.resource(uri).getByRole('button', { name: 'Read again' }).click();
  }

  contents(uri: string): Locator {
    return this.resource(uri).getByTestId('resource-content');
  }

  readAt(uri: string): Locator {
    return this.resource(uri).getByTestId('resource-read-at');
  }
}
