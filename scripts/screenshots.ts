import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startHost } from '../bench/lib/host';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';

/** Regenerates docs/screenshots: the demo view in each display mode, light and dark. */
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
} finally {
  await browser.close();
  await host.stop();
  await fake.close();
}
