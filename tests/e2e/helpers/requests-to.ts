import type { Page } from '@playwright/test';

/** The URLs of the requests `page` makes to `pathname` from now on, as they are made. */
export function requestsTo(page: Page, pathname: string): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) urls.push(request.url());
  });
  return urls;
}
