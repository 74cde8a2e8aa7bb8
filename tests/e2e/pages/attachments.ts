import { expect, type Locator, type Page } from '@playwright/test';

/** A file as a test makes it: its name, type and bytes. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A 1×1 PNG. */
export function pngFile(name = 'dot.png'): TestFile {
  return {
    name,
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  };
}

export function textFile(name: string, text: string): TestFile {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') };
}

/**
 * Files attached in the composer (components/chat/composer.tsx): by the "Attach files" button, a
 * paste into the message or a drop onto the composer; their chips before sending and the notice
 * that says what will not go.
 */
export class Attachments {
  readonly button: Locator;
  readonly list: Locator;
  readonly notice: Locator;
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Attach files', exact: true });
    this.list = page.getByRole('list', { name: 'Attached files' });
    this.notice = page.getByTestId('attachment-notice');
    this.form = page.getByRole('form', { name: 'Send a message' });
  }

  /** Chooses files through the button's file dialog, as a user would. */
  async attachByButton(...files: TestFile[]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.button.click();
    await (await chooser).setFiles(files);
  }

  /** Pastes a file into the message box (a screenshot from the clipboard, say). */
  async paste(file: TestFile) {
    await this.page.getByTestId('composer').evaluate((box, f) => {
      const data = new DataTransfer();
      data.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, serialised(file));
  }

  /** Drops a file onto the composer, dragging it over first. */
  async drop(file: TestFile) {
    await this.form.evaluate((form, f) => {
      const data = new DataTransfer();
      data.items.add(
        new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, serialised(file));
  }

  /** The chip of a file attached to the message being written. */
  chip(name: string): Locator {
    return this.list.getByTestId('file-chip').filter({ hasText: name });
  }

  async remove(name: string) {
    await this.list.getByRole('button', { name: `Remove the file ${name}` }).click();
    await expect(this.chip(name)).toHaveCount(0);
  }

  /** The files shown on a sent message. */
  sentFiles(message: Locator): Locator {
    return message.getByTestId('file-part');
  }
}

function serialised(file: TestFile) {
  return { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') };
}
