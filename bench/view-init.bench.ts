import { performance } from 'node:perf_hooks';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Client } from '@modelcontextprotocol/client';
import { chromium } from '@playwright/test';
import { jsonSchema, streamText, tool } from 'ai';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';
import { directTransport } from './lib/direct-transport';
import { startHost } from './lib/host';
import { median, ms, report, reportLine } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30) / 2;

/** A minimal MCP Apps host: the view HTML in a bare same-origin iframe, ui/initialize answered at once. */
const BASELINE_PAGE = `<!doctype html><body><script>
window.measure = (html) => new Promise((resolve) => {
  const frame = document.createElement('iframe');
  const start = performance.now();
  window.addEventListener('message', function onMessage(e) {
    if (e.source !== frame.contentWindow) return;
    const m = e.data;
    if (m && m.method === 'ui/initialize') {
      frame.contentWindow.postMessage({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, hostInfo: { name: 'bench', version: '1' }, hostCapabilities: {}, hostContext: {} } }, '*');
    } else if (m && m.method === 'ui/notifications/initialized') {
      window.removeEventListener('message', onMessage);
      resolve(performance.now() - start);
      frame.remove();
    }
  });
  frame.srcdoc = html;
  document.body.append(frame);
});
</script></body>`;

/**
 * Time from a tool result reaching the browser to the demo view's `ui/notifications/initialized`,
 * through the host (resource read, sandbox proxy on its own origin, relay), against the same view
 * HTML in a bare iframe answered by a minimal responder. And from the user's send: the host's whole
 * path (turn, model, tool call, view) against the same steps done directly one after another (the
 * model's tool call with the AI SDK, the tool call and the resource read with the SDK client, the
 * bare iframe). The bare iframe twice: in one page that has booted the view before (a warm renderer:
 * V8 has compiled its scripts) and in a new page, as the host's view always is.
 */
export async function benchViewInit(): Promise<void> {
  const fake = await startFakeLlm();
  fake.scripts.push({
    match: 'bench view',
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
      { kind: 'text', chunks: ['ok'] },
    ],
  });
  // Last, so it is matched before the broader 'bench view'.
  fake.scripts.push({
    match: 'bench view direct',
    steps: [
      {
        kind: 'tool-calls',
        calls: [{ name: 'restaurant__search_restaurants', arguments: { cuisine: 'japanese' } }],
      },
    ],
  });
  const host = await startHost(3413, {
    DEMO_PORT_BASE: '3481',
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_MODEL: 'fake-model',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
  // The baseline speaks the revision the host speaks to the demo server (2026-07-28, asked first).
  const mcp = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode: 'auto' } });
  await mcp.connect(directTransport('http://127.0.0.1:3481/mcp'));
  const model = createOpenAICompatible({ name: 'bench', baseURL: `${fake.url}/v1` }).chatModel('fake-model');
  /** The steps of the host's path done directly: model tool call, tool call, resource read. */
  async function directSteps(): Promise<{ html: string; elapsed: number }> {
    const start = performance.now();
    const result = streamText({
      model,
      prompt: 'bench view direct',
      tools: {
        restaurant__search_restaurants: tool({ inputSchema: jsonSchema({ type: 'object' }) }),
      },
      maxRetries: 0,
    });
    const calls = await result.toolCalls;
    if (calls.length === 0) throw new Error('the fake model made no tool call');
    await mcp.callTool({ name: 'search_restaurants', arguments: { cuisine: 'japanese' } });
    const read = await mcp.readResource({ uri: 'ui://restaurant/search.html' });
    const first = read.contents[0];
    const html = first && 'text' in first ? String(first.text) : '';
    return { html, elapsed: performance.now() - start };
  }
  try {
    const hostTimes: number[] = [];
    const baseTimes: number[] = [];
    const freshTimes: number[] = [];
    const sendTimes: number[] = [];
    const resourceTimes: number[] = [];
    const sandboxTimes: number[] = [];
    const frameTimes: number[] = [];
    const resultTimes: number[] = [];
    const directSendTimes: number[] = [];
    const directStepTimes: number[] = [];
    const resource = (await (
      await fetch(
        `${host.url}/api/apps/ui-resource?server=restaurant&uri=${encodeURIComponent('ui://restaurant/search.html')}`,
      )
    ).json()) as { html: string };
    const basePage = await browser.newPage();
    await basePage.setContent(BASELINE_PAGE);
    for (let i = 0; i < RUNS + 2; i++) {
      const page = await browser.newPage();
      await page.goto(`${host.url}/`);
      // A user reads the page before sending: the send is measured from a page that has loaded and gone idle.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 3_000 })));
      await page.getByTestId('composer').fill(`bench view ${i}`);
      await page.getByTestId('composer').press('Enter');
      // Awaited in the page, not polled: a locator's wait queries the whole page every frame, main-thread
      // work of the measuring tool's own (about 40 ms per boot) that the baseline's frame never bore.
      await page.evaluate(
        () =>
          new Promise<void>((done, fail) => {
            setTimeout(() => fail(new Error('the view did not initialize within 30 s')), 30_000);
            new PerformanceObserver((list, observer) => {
              if (list.getEntries().some((m) => m.name.startsWith('mcplet:view-initialized:'))) {
                observer.disconnect();
                done();
              }
            }).observe({ type: 'mark', buffered: true });
          }),
      );
      const [elapsed, fromSend, toResource, toSandbox, toFrame, toResult] = await page.evaluate(() => {
        // No named functions in here: the bench's TypeScript loader would wrap them in a helper the page lacks.
        const first: Record<string, number> = {};
        for (const mark of performance.getEntriesByType('mark')) {
          const kind = mark.name.split(':')[1] ?? '';
          first[kind] ??= mark.startTime;
        }
        const result = first['tool-result'] ?? Number.NaN;
        const ready = first['view-initialized'] ?? Number.NaN;
        return [
          ready - result,
          ready - (first.send ?? Number.NaN),
          (first['resource-loaded'] ?? Number.NaN) - result,
          (first['sandbox-ready'] ?? Number.NaN) - result,
          (first['frame-parked'] ?? Number.NaN) - (first.send ?? Number.NaN),
          result - (first.send ?? Number.NaN),
        ];
      });
      // The host's view always boots in a renderer that has not run it yet; so does this one.
      const freshPage = await browser.newPage();
      await freshPage.setContent(BASELINE_PAGE);
      const fresh = await freshPage.evaluate(
        (html) => (window as unknown as { measure(h: string): Promise<number> }).measure(html),
        resource.html,
      );
      await freshPage.close();
      const base = await basePage.evaluate(
        (html) => (window as unknown as { measure(h: string): Promise<number> }).measure(html),
        resource.html,
      );
      const direct = await directSteps();
      const directBoot = await basePage.evaluate(
        (html) => (window as unknown as { measure(h: string): Promise<number> }).measure(html),
        direct.html,
      );
      await page.close();
      if (i < 2) continue;
      hostTimes.push(Math.max(0, elapsed));
      baseTimes.push(base);
      freshTimes.push(fresh);
      sendTimes.push(fromSend);
      resourceTimes.push(toResource);
      sandboxTimes.push(toSandbox);
      frameTimes.push(toFrame);
      resultTimes.push(toResult);
      directSendTimes.push(direct.elapsed + directBoot);
      directStepTimes.push(direct.elapsed);
    }
    report(
      'view: tool result to the demo view initialized (host double iframe vs bare iframe)',
      hostTimes.length,
      [
        { metric: 'result → initialized', baseline: median(baseTimes), host: median(hostTimes) },
        { metric: 'result → initialized, new page', baseline: median(freshTimes), host: median(hostTimes) },
        { metric: 'send → initialized', baseline: median(directSendTimes), host: median(sendTimes) },
        {
          metric: 'send → initialized, new page',
          baseline: median(directStepTimes) + median(freshTimes),
          host: median(sendTimes),
        },
      ],
    );
    reportLine(
      'host breakdown from result',
      `resource loaded ${ms(median(resourceTimes))}, sandbox proxy ready ${ms(median(sandboxTimes))}, initialized ${ms(median(hostTimes))}`,
    );
    reportLine(
      'host breakdown from send',
      `sandbox frame started (from the stream) ${ms(median(frameTimes))}, tool result ${ms(median(resultTimes))}, initialized ${ms(median(sendTimes))}`,
    );
  } finally {
    await mcp.close();
    await browser.close();
    await host.stop();
    await fake.close();
  }
}
