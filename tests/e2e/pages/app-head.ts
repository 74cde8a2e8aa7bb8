import type { Locator, Page } from '@playwright/test';

/** The document head the root layout writes (app/layout.tsx, app/manifest.ts): icons, manifest, theme. */
export class AppHead {
  constructor(readonly page: Page) {}

  link(rel: string): Locator {
    return this.page.locator(`head link[rel="${rel}"]`);
  }

  themeColor(): Locator {
    return this.page.locator('head meta[name="theme-color"]');
  }
}
