import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The MCP Apps views in the chat: the host-side container and the view inside its two frames. */
export class Views {
  constructor(readonly page: Page) {}

  container(index = -1): Locator {
    const all = this.page.getByTestId('app-view');
    return index < 0 ? all.last() : all.nth(index);
  }

  outerFrame(index = -1): Locator {
    return this.container(index).getByTestId('view-frame');
  }

  /** The hidden frame that starts the views' renderer once the chat is idle (lib/apps/sandbox-warmup.ts). */
  warmupFrame(): Locator {
    return this.page.getByTestId('sandbox-warmup');
  }

  /** The view document (inner frame inside the sandbox proxy). */
  view(index = -1): FrameLocator {
    return this.outerFrame(index).contentFrame().locator('iframe').contentFrame();
  }

  /** The view is initialized and the chat turn that opened it has ended (no more scrolling under the pointer). */
  async ready(index = -1) {
    await expect(this.container(index)).toHaveAttribute('data-status', 'ready');
    const chat = this.page.getByTestId('chat');
    if ((await chat.count()) > 0) await expect(chat).toHaveAttribute('data-status', /ready|error/);
  }

  /**
   * Presses a control inside a view from the keyboard (focus, then Enter). A click is aimed at page
   * coordinates worked out before it lands, and a view's frame is resized after its content changes
   * (ui/notifications/size-changed), so a click can land where the control no longer is.
   */
  async press(control: Locator) {
    await control.press('Enter');
  }

  /** A button of the host's toolbar above a view, by its accessible name ("Fullscreen", "Close", …). */
  toolbarButton(name: string, index = -1): Locator {
    return this.container(index).getByTestId('view-container').getByRole('button', { name, exact: true });
  }
}
