import type { BrowserContext, Page, Request } from '@playwright/test';

const KEPT = 60;

/**
 * What a test's pages did that a failure report needs: their console warnings and errors (the
 * views' too), uncaught errors, and their requests to the host: the last ones answered, those still open.
 */
export function recordBrowser(context: BrowserContext) {
  const started = Date.now();
  const at = () => `+${((Date.now() - started) / 1000).toFixed(1)}s`;
  const lines: string[] = [];
  const open = new Map<Request, string>();
  const keep = (line: string) => {
    lines.push(`${at()} ${line}`);
    if (lines.length > KEPT) lines.shift();
  };
  const hostPath = (request: Request) => {
    const url = new URL(request.url());
    return url.pathname.startsWith('/api/') ? `${request.method()} ${url.pathname}${url.search}` : null;
  };
  context.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(`console.${message.type()} ${message.text().slice(0, 300)}`);
  });
  context.on('weberror', (error) => keep(`pageerror ${error.error().message.slice(0, 300)}`));
  context.on('request', (request) => {
    const path = hostPath(request);
    if (path) open.set(request, `${at()} ${path}`);
  });
  context.on('requestfinished', async (request) => {
    const path = hostPath(request);
    if (!path) return;
    open.delete(request);
    const response = await request.response().catch(() => null);
    // The elicitation poll answers every half second; only its failures tell anything.
    if (path === 'GET /api/elicitations' && response?.ok()) return;
    keep(`${path} -> ${response?.status() ?? '?'} in ${Math.round(request.timing().responseEnd)} ms`);
  });
  context.on('requestfailed', (request) => {
    const path = hostPath(request);
    if (!path) return;
    open.delete(request);
    keep(`${path} failed: ${request.failure()?.errorText ?? '?'}`);
  });
  return {
    report: async () =>
      [
        `--- browser record of the failed test (${context
          .pages()
          .map((p) => p.url())
          .join(', ')}) ---`,
        ...lines,
        `open host requests: ${open.size === 0 ? 'none' : ''}`,
        ...[...open.values()].map((line) => `  since ${line}`),
        ...(await Promise.all(context.pages().map(shownToUser))).flat(),
        '---',
      ].join('\n'),
  };
}

/** What a page shows that explains a stalled step: its alerts (an error the host gave) and open dialogs (a gate). */
async function shownToUser(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  // Next's route announcer is an alert too, empty: only alerts that say something. A page that no
  // longer answers says so after a few seconds rather than hold the failed test's teardown.
  const texts = async (role: 'alert' | 'dialog') =>
    (
      await Promise.race([
        page
          .getByRole(role)
          .allInnerTexts()
          .catch(() => []),
        new Promise<string[]>((resolve) =>
          setTimeout(() => resolve([`(the page did not answer for ${role}s)`]), 3_000).unref(),
        ),
      ])
    )
      .map((text) => text.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
  const [alerts, dialogs] = await Promise.all([texts('alert'), texts('dialog')]);
  return [
    ...alerts.map((text) => `alert on ${page.url()}: ${text.slice(0, 300)}`),
    ...dialogs.map((text) => `dialog on ${page.url()}: ${text.slice(0, 300)}`),
  ];
}
