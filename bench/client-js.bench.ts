import { gzipSync } from 'node:zlib';
import { startHost } from './lib/host';

/** Issue 14's budget for the chat page's first-load JavaScript, gzip. */
const BUDGET_GZIP_BYTES = 200 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

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
    const marks = ['zod', '@ai-sdk/gateway', 'react-markdown', 'micromark', '@modelcontextprotocol'];
    for (const mark of marks) {
      const holding = chunks.filter((c) => c.text.includes(mark)).reduce((sum, c) => sum + c.gzip, 0);
      if (holding > 0) console.log(`  chunks naming ${mark.padEnd(22)} gzip ${kb(holding).padStart(8)}`);
    }
    // zod's German messages stand for its other locales, which the browser bundle leaves out (next.config.ts).
    const locales = chunks.some((c) => c.text.includes('Ungültige'));
    console.log(`  noModule scripts left out      ${legacy} (legacy browsers only)`);
    console.log(`  zod locales besides English   ${locales ? 'present' : 'absent'}`);
    for (const chunk of [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, 5))
      console.log(
        `  ${chunk.src.slice(-40).padEnd(40)} raw ${kb(chunk.raw).padStart(8)}  gzip ${kb(chunk.gzip).padStart(8)}`,
      );
  } finally {
    await host.stop();
  }
}
