import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import pg from 'pg';
import { createClient } from 'redis';
import { directTurn, hostTurn, type TurnTiming } from './lib/chat-turn';
import { type RunningHost, startFakeLlmProcess, startHost } from './lib/host';
import { median, percentile, reportLine } from './lib/stats';

const QUICK = Number(process.env.BENCH_RUNS ?? 30) < 10;
const STREAMS = QUICK ? 50 : 200;
const BURSTS = QUICK ? 1 : 3;
const DATABASE = 'mcplet_bench_instances';
/** A reply of 20 tokens, one every 20 ms, as in the chat-load bench. */
const SLOW = { kind: 'text' as const, chunks: Array.from({ length: 20 }, (_, i) => `t${i} `), delayMs: 20 };

/** The bench's own PostgreSQL database, made anew on the server of TEST_DATABASE_URL; null if none answers. */
async function freshDatabase(): Promise<string | null> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const admin = new pg.Client({ connectionString: base.toString(), connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  base.pathname = `/${DATABASE}`;
  return base.toString();
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

function row(label: string, timings: TurnTiming[][], baseline: TurnTiming[][]) {
  const at = (runs: TurnTiming[][], p: number, field: keyof TurnTiming) =>
    median(
      runs.map((burst) =>
        percentile(
          burst.map((t) => t[field]),
          p,
        ),
      ),
    );
  const cell = (p: number, field: keyof TurnTiming) => {
    const value = at(timings, p, field);
    return `${value.toFixed(0)} ms (${(value / at(baseline, p, field)).toFixed(2)}x)`;
  };
  reportLine(
    label,
    `first token p50 ${cell(50, 'first')}  p95 ${cell(95, 'first')}   total p50 ${cell(50, 'total')}  p95 ${cell(95, 'total')}`,
  );
}

/**
 * One deployment served by two instances (one PostgreSQL, one Redis). STREAMS concurrent
 * chat turns spread over both, against the same streams sent to one of them, and straight to the
 * fake model (the baseline of each ratio). Both instances run on this one machine, so they share
 * its two cores: the figure says what the shared state costs, not what a second machine would add.
 */
export async function benchChatInstances(): Promise<void> {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const databaseUrl = await freshDatabase();
  if (!databaseUrl || !(await redisAnswers(redisUrl))) {
    console.log(
      '\nchat over two instances: skipped (it needs PostgreSQL and Redis: TEST_DATABASE_URL, TEST_REDIS_URL)',
    );
    return;
  }
  const fake = await startFakeLlmProcess(3437, [{ match: 'instances slow', steps: [SLOW] }]);
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  };
  const hosts: RunningHost[] = [];
  try {
    // One after the other: the first applies the migrations the second then finds done.
    hosts.push(await startHost(3436, { ...shared, DEMO_PORT_BASE: '3540' }));
    hosts.push(await startHost(3446, { ...shared, DEMO_PORT_BASE: '3560' }));
    const [one, two] = hosts as [RunningHost, RunningHost];
    const model = createOpenAICompatible({ name: 'bench', baseURL: `${fake.url}/v1` }).chatModel(
      'fake-model',
    );
    const burst = (turn: (i: number) => Promise<TurnTiming>) =>
      Promise.all(Array.from({ length: STREAMS }, (_, i) => turn(i)));
    const direct = () => directTurn(model, 'instances slow');
    const single = () => hostTurn(one.url, 'instances slow');
    const spread = (i: number) => hostTurn((i % 2 === 0 ? one : two).url, 'instances slow');

    for (let i = 0; i < 5; i++) {
      await direct();
      await spread(0);
      await spread(1);
    }
    const runs = { direct: [] as TurnTiming[][], single: [] as TurnTiming[][], spread: [] as TurnTiming[][] };
    for (let i = 0; i < BURSTS; i++) {
      runs.direct.push(await burst(direct));
      runs.single.push(await burst(single));
      runs.spread.push(await burst(spread));
    }
    console.log(
      `\nchat over two instances: ${STREAMS} concurrent streams, one PostgreSQL and one Redis (median of ${BURSTS} bursts; ratio to direct)`,
    );
    row('direct AI SDK', runs.direct, runs.direct);
    row('one instance', runs.single, runs.direct);
    row('two instances', runs.spread, runs.direct);
    const warnings = hosts.flatMap((h) => h.warnings);
    reportLine('host warnings', `${warnings.length}${warnings[0] ? `: ${warnings[0]}` : ''}`);
  } finally {
    await Promise.all(hosts.map((h) => h.stop()));
    await fake.close();
  }
}
