import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startHost } from '../bench/lib/host';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';

/**
 * Regenerates docs/screenshots: the demo view in each display mode, light and dark; the empty chat,
 * the gate, the preview with a call's view, the chat on a phone (with a floating view as its bar),
 * a message's versions, math, a file attached in the composer, and the settings page.
 */
const fake = await startFakeLlm();
// The fake model titles a chat with a canned "Titled …"; the sidebar reads better with the first messages.
const config = join(mkdtempSync(join(tmpdir(), 'screenshots-')), 'host.config.json');
writeFileSync(config, JSON.stringify({ chat: { generateTitles: false } }));
const host = await startHost(3414, {
  HOST_CONFIG: config,
  DEMO_PORT_BASE: '3491',
  LLM_BASE_URL: `${fake.url}/v1`,
  LLM_MODEL: 'fake-model',
  OLLAMA_BASE_URL: 'http://127.0.0.1:9',
});
const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
mkdirSync('docs/screenshots', { recursive: true });
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const mode of ['inline', 'fullscreen', 'pip'] as const) {
      const match = `screenshot ${theme} ${mode}`;
      fake.scripts.push({
        match,
        steps: [
          {
            kind: 'tool-calls',
            calls: [
              {
                name: 'restaurant__search_restaurants',
                arguments: { maxPrice: 3, mcplet_display_mode: mode },
              },
            ],
          },
          {
            kind: 'text',
            chunks: [
              'Here are well-rated places up to ¥¥¥. **Sakura Table** has the best reviews; ask me to narrow it down by area.',
            ],
          },
        ],
      });
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: theme });
      await page.goto(`${host.url}/`);
      await page.evaluate((t) => localStorage.setItem('mcplet:theme', t), theme);
      await page.reload();
      await page.getByTestId('composer').fill(`Find me a restaurant (${match})`);
      await page.getByTestId('composer').press('Enter');
      await page.getByTestId('app-view').and(page.locator('[data-status="ready"]')).waitFor();
      await page.getByTestId('chat').and(page.locator('[data-status="ready"]')).waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `docs/screenshots/${mode}-${theme}.png` });
      await page.close();
      console.log(`docs/screenshots/${mode}-${theme}.png`);
    }
  }

  const shot = async (name: string, page: import('@playwright/test').Page) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `docs/screenshots/${name}.png` });
    await page.close();
    console.log(`docs/screenshots/${name}.png`);
  };

  const empty = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await empty.goto(`${host.url}/`);
  await empty.getByTestId('starters').waitFor();
  await shot('chat-empty-light', empty);

  const preview = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await preview.goto(`${host.url}/preview`);
  const search = preview.locator(
    '[data-testid="server-card"][data-server="restaurant"] [data-testid="admitted-tool"][data-tool="search_restaurants"]',
  );
  await search.getByRole('button', { name: 'Try it' }).click();
  await search.getByRole('button', { name: 'Call', exact: true }).click();
  await search.getByTestId('app-view').and(preview.locator('[data-status="ready"]')).waitFor();
  await search.scrollIntoViewIfNeeded();
  await shot('preview-light', preview);

  const gate = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await gate.goto(`${host.url}/preview`);
  const create = gate.locator(
    '[data-testid="server-card"][data-server="restaurant"] [data-testid="admitted-tool"][data-tool="create_reservation"]',
  );
  await create.getByRole('button', { name: 'Try it' }).click();
  await create.getByLabel('Restaurant').fill('r-sakura');
  await create.getByLabel('Date').fill('2099-04-01');
  await create.getByLabel('Time').fill('19:00');
  await create.getByLabel('Guests').fill('2');
  await create.getByLabel('Booked under').fill('Ada Lovelace');
  await create.getByLabel('a view of this server').check();
  await create.getByRole('button', { name: 'Call', exact: true }).click();
  await gate.getByTestId('gate-dialog').waitFor();
  await shot('gate-light', gate);

  fake.scripts.push({
    match: 'screenshot phone',
    steps: [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'restaurant__search_restaurants',
            arguments: { cuisine: 'japanese', mcplet_display_mode: 'inline' },
          },
        ],
      },
      { kind: 'text', chunks: ['**Sakura Table** is the best rated Japanese place.'] },
    ],
  });
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await phone.goto(`${host.url}/`);
  await phone.evaluate(() => localStorage.setItem('mcplet:theme', 'dark'));
  await phone.reload();
  await phone.getByTestId('composer').fill('Japanese food (screenshot phone)');
  await phone.getByTestId('composer').press('Enter');
  await phone.getByTestId('app-view').and(phone.locator('[data-status="ready"]')).waitFor();
  await phone.getByTestId('chat').and(phone.locator('[data-status="ready"]')).waitFor();
  await shot('phone-dark', phone);

  const text = (match: string, reply: string) =>
    fake.scripts.push({ match, steps: [{ kind: 'text', chunks: [reply] }] });

  // A message edited once: its two versions, the second shown, ‹ 2/2 › under it.
  text('screenshot versions first', 'Lisbon has mild winters: around 15 °C by day in January.');
  text(
    'screenshot versions second',
    'Porto is cooler and wetter in January: about 13 °C by day, and rain on half the days.',
  );
  const versions = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await versions.goto(`${host.url}/`);
  await versions.getByTestId('composer').fill('How warm is Lisbon in January? (screenshot versions first)');
  await versions.getByTestId('composer').press('Enter');
  await versions.getByTestId('chat').and(versions.locator('[data-status="ready"]')).waitFor();
  const mine = versions.getByTestId('message-user').filter({ hasText: 'screenshot versions first' });
  await mine.hover();
  await mine.getByTestId('edit-message').click();
  await mine.getByTestId('edit-draft').fill('And Porto? (screenshot versions second)');
  await mine.getByTestId('edit-draft').press('Enter');
  await versions.getByRole('group', { name: 'Versions' }).first().waitFor();
  await versions.getByTestId('chat').and(versions.locator('[data-status="ready"]')).waitFor();
  await shot('versions-light', versions);

  // TeX in a reply, rendered (KaTeX loads with the first reply that has math); prices stay text.
  text(
    'screenshot math',
    'The energy of a mass at rest is $E=mc^2$. For a right triangle:\n\n$$\na^2 + b^2 = c^2\n$$\n\nA coffee costs $3 and a cake $5 here.',
  );
  const math = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await math.goto(`${host.url}/`);
  await math.getByTestId('composer').fill('Two formulas, please (screenshot math)');
  await math.getByTestId('composer').press('Enter');
  await math.locator('.katex-display').waitFor();
  await shot('math-light', math);

  // A file attached in the composer, before it is sent.
  const attach = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await attach.goto(`${host.url}/`);
  const chooser = attach.waitForEvent('filechooser');
  await attach.getByRole('button', { name: 'Attach files', exact: true }).click();
  await (await chooser).setFiles({
    name: 'menu.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Tasting menu: seven courses, ¥¥¥.\n'),
  });
  await attach.getByTestId('composer').fill('What does this menu cost?');
  await attach.getByRole('list', { name: 'Attached files' }).waitFor();
  await shot('attachment-light', attach);

  const settings = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  await settings.goto(`${host.url}/settings`);
  await settings.getByRole('heading', { level: 1 }).waitFor();
  await shot('settings-light', settings);

  // A floating view on a phone: a bar across the chat until it is opened.
  fake.scripts.push({
    match: 'screenshot phone pip',
    steps: [
      {
        kind: 'tool-calls',
        calls: [
          { name: 'restaurant__search_restaurants', arguments: { maxPrice: 2, mcplet_display_mode: 'pip' } },
        ],
      },
      { kind: 'text', chunks: ['Three places up to ¥¥ are open tonight; the list stays in the bar above.'] },
    ],
  });
  const phonePip = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  await phonePip.goto(`${host.url}/`);
  await phonePip.evaluate(() => localStorage.setItem('mcplet:theme', 'dark'));
  await phonePip.reload();
  await phonePip.getByTestId('composer').fill('Somewhere cheap tonight (screenshot phone pip)');
  await phonePip.getByTestId('composer').press('Enter');
  await phonePip.getByTestId('chat').and(phonePip.locator('[data-status="ready"]')).waitFor();
  await shot('phone-pip-dark', phonePip);
} finally {
  await browser.close();
  await host.stop();
  await fake.close();
}
