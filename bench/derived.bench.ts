import { performance } from 'node:perf_hooks';
import { chromium, type Page } from '@playwright/test';
import { compileSchema, describeErrors } from '../lib/mcp/validators';
import { derivedLimits, validateDerivedResult } from '../lib/mcplet/derived-result';
import { RESTAURANTS, searchRestaurants } from '../servers/restaurant/data';
import { RESULT_SCHEMAS } from '../servers/restaurant/schemas';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/chromium';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';
import { payloads, summary } from './lib/derived-payloads';
import { startHost } from './lib/host';
import { median, report } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30) / 2;
const TARGET = 'restaurant__search_restaurants';
const ROUNDS = 8;

/** Validations per second for `run`, over at least `ms` milliseconds after a warm-up. */
function throughput(run: () => boolean, ms: number): number {
  for (let i = 0; i < 20; i++) if (!run()) throw new Error('the bench payload does not validate');
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    run();
    count++;
  }
  return count / ((performance.now() - start) / 1000);
}

/**
 * 10.4 validation throughput. Baseline: the least any receiver does with the model's arguments, parse
 * them and check the schema. Host: the same parse, then every check of 10.4 (allowlist, target, rate,
 * TTL, revision, size, schema).
 */
export function benchValidation(): void {
  const compiled = compileSchema(RESULT_SCHEMAS.search_restaurants as Record<string, unknown>);
  if (!compiled.ok) throw new Error(compiled.error);
  const { validate } = compiled;
  const schema = {
    uri: 'bench',
    validate: (v: unknown) => validate(v) === true,
    errors: () => describeErrors(validate),
  };
  const context = {
    limits: derivedLimits({ allowlist: [TARGET] }),
    target: () => ({ mcpletType: 'read' as const, schema }),
    lastRevision: () => 4,
    withinRate: () => true,
    now: Date.now(),
  };
  const { small, large, largeBytes } = payloads();
  console.log(
    '\nderived: 10.4 validation throughput (results per second; ratio = host / baseline time per result)',
  );
  for (const [label, result, ms] of [
    ['small result (3 rows)', small, 4_000],
    [`1 MB result (${largeBytes} B)`, large, 8_000],
  ] as const) {
    const text = JSON.stringify({ toolId: TARGET, result, revision: 5 });
    const runBare = () => validate((JSON.parse(text) as { result: unknown }).result) === true;
    const runHost = () => validateDerivedResult(JSON.parse(text), context).ok;
    // Short rounds in turn, each side first in every other round: one side measured after the other
    // paid the garbage the first left behind (1 MB strings), and its ratio swung by 0.5 between runs.
    const bare: number[] = [];
    const host: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [runBare, runHost] : [runHost, runBare];
      for (const run of order) (run === runBare ? bare : host).push(throughput(run, ms / ROUNDS));
    }
    const ratios = bare.map((b, i) => b / (host[i] as number));
    console.log(
      `  ${label.padEnd(28)} parse+ajv ${median(bare).toFixed(0).padStart(8)}/s  host ${median(host).toFixed(0).padStart(8)}/s  ratio ${median(ratios).toFixed(2)}x (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x)`,
    );
  }
}

async function turn(page: Page, text: string) {
  const replies = await page.getByTestId('message-assistant').count();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
  await page.getByTestId('message-assistant').nth(replies).waitFor();
  await page.getByTestId('chat').and(page.locator('[data-status="ready"]')).waitFor();
}

/** Wall-clock times of the latest mark with this prefix, after `count` earlier ones have been seen. */
async function nextMark(page: Page, prefix: string, count: number): Promise<number> {
  await page.waitForFunction(
    ([p, n]) =>
      performance.getEntriesByType('mark').filter((m) => m.name.startsWith(p as string)).length >
      (n as number),
    [prefix, count] as const,
  );
  return page.evaluate((p) => {
    const mark = performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith(p))
      .at(-1);
    return performance.timeOrigin + (mark?.startTime ?? Number.NaN);
  }, prefix);
}

function marks(page: Page, prefix: string): Promise<number> {
  return page.evaluate(
    (p) => performance.getEntriesByType('mark').filter((m) => m.name.startsWith(p)).length,
    prefix,
  );
}

const OUTPUT = 'mcplet:derived-output:';
const UPDATED = 'mcplet:view-updated:';

/** One turn, timed from the model finishing its tool call: to the outcome in the browser, to the view updated. */
async function timedTurn(
  page: Page,
  fake: Awaited<ReturnType<typeof startFakeLlm>>,
  match: string,
  i: number,
) {
  const outputs = await marks(page, OUTPUT);
  const updates = await marks(page, UPDATED);
  await turn(page, `${match} ${i}`);
  const emitted = fake.requests.filter((r) => r.match === match && r.step === 0).at(-1)?.doneAt ?? Number.NaN;
  const output = await nextMark(page, OUTPUT, outputs);
  const updated = await nextMark(page, UPDATED, updates);
  return { toBrowser: output - emitted, toView: updated - output, total: updated - emitted };
}

/**
 * Latency from the model finishing its tool call (the fake model's clock) to the fullscreen view
 * saying it applied the change (the browser's clock; same machine). Host: a derived result. Baseline:
 * the same update through a real backend call (an invalid result makes the host call the tool, and
 * the result reaches the same view the same way).
 */
async function benchLatency() {
  const fake = await startFakeLlm();
  const rows = { cuisine: 'japanese' };
  const real = searchRestaurants(rows).map((r) => summary(RESTAURANTS.indexOf(r)));
  const script = (match: string, name: string, args: Record<string, unknown>) =>
    fake.scripts.push({
      match,
      steps: [
        { kind: 'tool-calls', calls: [{ name, arguments: args }] },
        { kind: 'text', chunks: ['ok'] },
      ],
    });
  script('bench open', TARGET, { limit: 20, mcplet_display_mode: 'fullscreen' });
  script('bench derived', 'mcplet_set_tool_result', {
    toolId: TARGET,
    result: { query: rows, results: real, total: real.length },
  });
  script('bench backend', 'mcplet_set_tool_result', { toolId: TARGET, result: {}, arguments: rows });
  const host = await startHost(3415, {
    DEMO_PORT_BASE: '3496',
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_MODEL: 'fake-model',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const browser = await chromium.launch({ executablePath: resolveChromium(), args: CHROMIUM_ARGS });
  try {
    const backend: Array<Awaited<ReturnType<typeof timedTurn>>> = [];
    const derived: typeof backend = [];
    // Each measured turn gets a new conversation whose fullscreen view shows the same 20 rows first.
    const measure = async (match: string, i: number) => {
      const page = await browser.newPage();
      await page.goto(`${host.url}/`);
      await turn(page, `bench open ${i}${match.endsWith('derived') ? 'd' : 'b'}`);
      await page.getByTestId('app-view').and(page.locator('[data-status="ready"]')).waitFor();
      const timed = await timedTurn(page, fake, match, i);
      await page.close();
      return timed;
    };
    for (let i = 0; i < RUNS + 2; i++) {
      const d = await measure('bench derived', i);
      const b = await measure('bench backend', i);
      if (i < 2) continue;
      derived.push(d);
      backend.push(b);
    }
    const row = (metric: string, key: keyof (typeof backend)[number]) => ({
      metric,
      baseline: median(backend.map((r) => r[key])),
      host: median(derived.map((r) => r[key])),
    });
    report(
      'derived: model tool call to the fullscreen view updated (baseline: via a real backend call)',
      derived.length,
      [
        row('model call → outcome in page', 'toBrowser'),
        row('outcome in page → view', 'toView'),
        row('model call → view updated', 'total'),
      ],
    );
  } finally {
    await browser.close();
    await host.stop();
    await fake.close();
  }
}

export async function benchDerived(): Promise<void> {
  benchValidation();
  await benchLatency();
}
