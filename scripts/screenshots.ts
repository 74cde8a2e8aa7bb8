import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startHost } from '../bench/lib/host';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';

/**
 * Regenerates docs/screenshots: the demo view in each display mode, light and dark; the empty chat,
 * the gate, the preview with a call's view, and the chat on a phone.
 */
const fake = await startFakeLlm();
const host = await startHost(3414, {
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
} finally {
  await browser.close();
  await host.stop();
  await fake.close();
}
