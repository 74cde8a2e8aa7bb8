import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startHost } from './lib/host';

/** The budget for the chat page's first-load JavaScript, gzip. */
const BUDGET_GZIP_BYTES = 200 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/**
 * Every script a real chat page has fetched once the browser is idle: the first load plus what loads
 * after it is interactive (the chat runtime, the view runtime, Next's prefetches of linked pages), gzip.
 */
async function scriptsByIdle(url: string): Promise<{ count: number; gzip: number }> {
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const bodies: Array<Promise<Buffer>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 3_000 })));
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(bodies);
    return { count: all.length, gzip: all.reduce((sum, body) => sum + gzipSync(body).length, 0) };
  } finally {
    await browser.close();
  }
}

/**
 * The JavaScript the chat page loads before it is interactive: every module script its HTML names, fetched
 * from the running host, measured raw and gzip-compressed (zlib's default level, as the host
 * serves it). The baseline is the budget; the five largest chunks are named.
 */
export async function benchClientJs(): Promise<void> {
  const host = await startHost(3413, { OLLAMA_BASE_URL: 'http://127.0.0.1:9' });
  try {
    const html = await (await fetch(`${host.url}/`)).text();
    // A noModule script (Next's legacy polyfills) is never fetched by a browser that runs modules.
    const tags = [...html.matchAll(/<script([^>]+)>/g)].map((m) => m[1] as string);
    const legacy = tags.filter((attrs) => /\bnoModule\b/i.test(attrs)).length;
    const sources = [
      ...new Set(
        tags
          .filter((attrs) => !/\bnoModule\b/i.test(attrs))
          .map((attrs) => /\bsrc="([^"]+\.js[^"]*)"/.exec(attrs)?.[1])
          .filter((src): src is string => src !== undefined),
      ),
    ];
    const chunks = await Promise.all(
      sources.map(async (src) => {
        const body = Buffer.from(await (await fetch(new URL(src, host.url))).arrayBuffer());
        return { src, raw: body.length, gzip: gzipSync(body).length, text: body.toString('utf8') };
      }),
    );
    const raw = chunks.reduce((sum, c) => sum + c.raw, 0);
    const gzip = chunks.reduce((sum, c) => sum + c.gzip, 0);
    console.log('\nclient-js: the chat page’s first-load JavaScript (baseline: the 200 KB gzip budget)');
    console.log(
      `  ${chunks.length} scripts          raw ${kb(raw).padStart(8)}  gzip ${kb(gzip).padStart(8)}  ratio ${(gzip / BUDGET_GZIP_BYTES).toFixed(2)}x`,
    );
    // zod by its classes' names: the page's first script names zod's settings object, not its code.
    const marks: Array<[string, string]> = [
      ['zod', '"$ZodType"'],
      ...['@ai-sdk/gateway', 'react-markdown', 'micromark', '@modelcontextprotocol'].map(
        (m): [string, string] => [m, m],
      ),
    ];
    for (const [mark, needle] of marks) {
      const holding = chunks.filter((c) => c.text.includes(needle)).reduce((sum, c) => sum + c.gzip, 0);
      if (holding > 0) console.log(`  chunks naming ${mark.padEnd(22)} gzip ${kb(holding).padStart(8)}`);
    }
    // zod's German messages stand for its other locales, which the browser bundle leaves out (next.config.ts).
    const locales = chunks.some((c) => c.text.includes('Ungültige'));
    console.log(`  noModule scripts left out      ${legacy} (legacy browsers only)`);
    console.log(`  zod locales besides English   ${locales ? 'present' : 'absent'}`);
    const idle = await scriptsByIdle(`${host.url}/`);
    console.log(
      `  by idle, after hydration too     ${idle.count} scripts  gzip ${kb(idle.gzip).padStart(8)} (also what loads after it is interactive: the chat runtime, the view runtime, links' prefetches)`,
    );
    for (const chunk of [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, 5))
      console.log(
        `  ${chunk.src.slice(-40).padEnd(40)} raw ${kb(chunk.raw).padStart(8)}  gzip ${kb(chunk.gzip).padStart(8)}`,
      );
  } finally {
    await host.stop();
  }
}
