import type { Locator, Page } from '@playwright/test';
import { Views } from './views';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A view shown as a floating window (pip): its container, its move handle and its phone bar. */
export class FloatingView {
  readonly views: Views;

  constructor(readonly page: Page) {
    this.views = new Views(page);
  }

  /** The floating container itself (the host's `section` around the view's frame). */
  window(): Locator {
    return this.views.container().getByTestId('view-container');
  }

  /** The handle that moves the view: drag it, or press an arrow key on it. */
  handle(): Locator {
    return this.window().getByRole('button', { name: /Move the floating view/ });
  }

  /** On a phone: the bar's control that opens and closes the view. */
  expander(): Locator {
    return this.window().getByRole('button', { name: /Expand|Collapse/ });
  }

  corner(): Promise<string | null> {
    return this.window().getAttribute('data-corner');
  }

  async box(): Promise<Box> {
    const box = await this.window().boundingBox();
    if (!box) throw new Error('the floating view is not on screen');
    return box;
  }
}
