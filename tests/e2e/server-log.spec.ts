import type { Page } from '@playwright/test';
import {
  LOGGED_AWS_KEY,
  LOGGED_PASSWORD,
  startLoggingServer,
  startModernLoggingServer,
} from '../fixtures/mcp/logging-server';
import { expect, test, token } from './fixtures';
import { violations } from './helpers/axe';
import type { PreviewPage } from './pages/preview-page';
import { ServerLogSection } from './pages/server-log';

const WITHHELD = '[sensitive value withheld';

/** Calls a tool from its open "Try it" form and waits for the host's answer (not just any earlier one). */
async function callAgain(page: Page, preview: PreviewPage, serverId: string, tool: string) {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/tools/call' && r.request().method() === 'POST',
  );
  await preview
    .admitted(serverId, tool)
    .getByRole('form', { name: `Call ${tool}` })
    .getByRole('button', { name: 'Call' })
    .click();
  expect((await answered).status()).toBe(200);
}

test.describe("a server's log in the developer preview (MCP logging)", () => {
  test('2025-11-25: log messages land with time, level and source, credentials masked, filtered by level; setLevel error stops the rest', async ({
    page,
    preview,
    servers,
  }) => {
    const fixture = await startLoggingServer();
    try {
      const id = token('logs').slice(0, 12);
      expect(
        (await servers.register({ id, name: 'Logbook', transport: { type: 'http', url: fixture.url } }))
          .status,
      ).toBe(201);
      await preview.open();
      const log = new ServerLogSection(page, id);
      await log.open();
      // The host's own notes are there from the start; nothing at error yet.
      await expect(log.entry('connected over').first()).toBeVisible();
      await log.show('Error and above');
      await expect(log.empty()).toHaveText('No entries at this level.');
      await log.show('All');

      await preview.tryIt(id, 'emit_logs');
      await preview.call(id, 'emit_logs');
      await log.open();

      const debug = log.entry('call 1: cache miss for the menu');
      await expect(debug).toBeVisible();
      await expect(log.cell(debug, 'level')).toHaveText('debug');
      await expect(log.cell(debug, 'source')).toHaveText('server (cache)');
      await expect(log.cell(debug, 'time').locator('time')).toHaveAttribute(
        'datetime',
        /^\d{4}-\d{2}-\d{2}T/,
      );
      const warning = log.entry('call 1: retrying with key');
      await expect(log.cell(warning, 'level')).toHaveText('warning');
      await expect(log.cell(warning, 'message')).toContainText(WITHHELD);
      const error = log.entry('"call":1');
      await expect(log.cell(error, 'source')).toHaveText('server (db)');
      await expect(log.cell(error, 'message')).toContainText('connection refused');
      await expect(page.locator('body')).not.toContainText(LOGGED_AWS_KEY);
      await expect(page.locator('body')).not.toContainText(LOGGED_PASSWORD);
      // Newest last: the server's five messages in the order it sent them, after the host's notes.
      const levels = await log.levelsShown();
      expect(levels.slice(-5)).toEqual(['debug', 'info', 'notice', 'warning', 'error']);
      await expect(log.entries().first()).toHaveAttribute('data-source', 'host');

      await log.show('Warning and above');
      await expect(debug).toHaveCount(0);
      const severe = await log.levelsShown();
      expect(severe).toEqual(expect.arrayContaining(['warning', 'error']));
      for (const level of severe)
        expect(['warning', 'error', 'critical', 'alert', 'emergency']).toContain(level);
      await log.show('Info and above');
      await expect(log.entry('call 1: fetched 3 menus')).toBeVisible();
      await expect(debug).toHaveCount(0);

      expect(await violations(page), 'the server log, open, filtered').toEqual([]);

      // logging/setLevel: the server now sends only error and above.
      await log.show('All');
      await log.setLevel('error');
      expect(fixture.levels.map((l) => l.level)).toEqual(['error']);
      await preview.openTab(id, 'Tools');
      await callAgain(page, preview, id, 'emit_logs');
      await log.open();
      await expect(log.entry('"call":2')).toBeVisible();
      await expect(log.entry('call 2:')).toHaveCount(0);
      await expect(log.entry('log level set to error')).toBeVisible();
      expect(await violations(page), 'the server log with its level control').toEqual([]);
    } finally {
      await fixture.close();
    }
  });

  test('2026-07-28: no level control, with the reason; the messages a call sends still land', async ({
    page,
    preview,
    servers,
  }) => {
    const fixture = await startModernLoggingServer();
    try {
      const id = token('modlog').slice(0, 12);
      expect(
        (
          await servers.register({
            id,
            name: 'Modern log',
            transport: { type: 'http', url: fixture.url },
            admission: 'annotations',
          })
        ).status,
      ).toBe(201);
      await preview.open();
      await expect(preview.protocol(id)).toHaveText('2026-07-28');
      const log = new ServerLogSection(page, id);
      await log.open();
      await expect(log.levelControl()).toHaveCount(0);
      await expect(log.levelReason()).toContainText('removed logging/setLevel');
      await expect(log.levelReason()).toHaveAttribute('data-why', 'modern');

      await preview.tryIt(id, 'emit_logs');
      await preview.call(id, 'emit_logs');
      await log.open();
      const working = log.entry('modern call 1: working');
      await expect(working).toBeVisible();
      await expect(log.cell(working, 'source')).toHaveText('server (modern)');
      const warning = log.entry('modern call 1: key');
      await expect(log.cell(warning, 'message')).toContainText(WITHHELD);
      // The host asks for info and above with each call: the server's debug message is not sent.
      await expect(log.entry('debug detail')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(LOGGED_AWS_KEY);
      expect(await violations(page), 'the server log of a 2026-07-28 server').toEqual([]);
    } finally {
      await fixture.close();
    }
  });
});
