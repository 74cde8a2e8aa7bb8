import type { Locator, Page } from '@playwright/test';

/** The chat's tool-call cards, found by the MCP tool name they show. */
export class ToolCards {
  constructor(readonly page: Page) {}

  card(toolName: string): Locator {
    return this.page.locator(`[data-testid="tool-call-card"][data-tool-name="${toolName}"]`).last();
  }

  /** The warning on a result its server flagged with maliciousActivityHint. */
  maliciousWarning(toolName: string): Locator {
    return this.card(toolName).getByTestId('malicious-warning');
  }

  untrustedBadge(toolName: string): Locator {
    return this.card(toolName).getByTestId('untrusted-badge');
  }

  /** Connect on the card of a call whose server asked the user to sign in. */
  connect(toolName: string): Locator {
    return this.card(toolName).getByTestId('card-sign-in').getByRole('button', { name: 'Connect' });
  }

  /** The result's images and audio, drawn in the card. */
  images(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-media').locator('img');
  }

  audio(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-media').locator('audio');
  }

  /** The resources the result names or carries, each an item. */
  resources(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-resource');
  }

  /** The tool's title as its server listed it. */
  title(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-title');
  }

  /** The server the tool is from, by its display name ("· Restaurant (demo MCPlet)"). */
  server(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-server');
  }

  /** The tool's icon, served by the host. */
  icon(toolName: string): Locator {
    return this.card(toolName).getByTestId('mcp-icon');
  }

  /** The card's status line (Running, Cancelled, Stopped, …). */
  status(toolName: string): Locator {
    return this.card(toolName).getByRole('status').first();
  }

  /** The running call's progress bar, as its server last reported. */
  progressBar(toolName: string): Locator {
    // Named for people by the tool's title ("Progress of Count Slowly"); the card is found by its name.
    return this.card(toolName).getByRole('progressbar', { name: /^Progress of / });
  }

  progressMessage(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-progress-message');
  }

  /** A call run as a task (MCP tasks): its status in words and the server's task id. */
  task(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-task');
  }

  /** Cancel for this one running call (named by the tool's title, as people read it). */
  cancel(toolName: string): Locator {
    return this.card(toolName).getByRole('button', { name: /^Cancel / });
  }

  /** What a cancelled or stopped call's card says instead of a result. */
  ended(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-ended');
  }

  result(toolName: string): Locator {
    return this.card(toolName).getByTestId('tool-result');
  }

  /** The disclosure naming what the model did not see of a result. */
  withheldNotice(toolName: string): Locator {
    return this.card(toolName).getByTestId('withheld-notice');
  }

  withheldReasons(toolName: string): Locator {
    return this.withheldNotice(toolName).getByTestId('withheld-reason');
  }

  /** Opens the disclosure with the keyboard, as a user would. */
  async openWithheld(toolName: string): Promise<void> {
    const summary = this.withheldNotice(toolName).locator('summary');
    await summary.focus();
    await summary.press('Enter');
  }
}
