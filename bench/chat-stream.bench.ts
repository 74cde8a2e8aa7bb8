import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { startFakeLlm } from '../tests/fixtures/fake-llm/server';
import { directTurn, hostTurn } from './lib/chat-turn';
import { startHost } from './lib/host';
import { median, report } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 20;
const CHUNKS = Array.from({ length: 40 }, (_, i) => `token${i} `);

/**
 * Time to first token and total stream time: the host's POST /api/chat (storage, history rebuild,
 * UI message stream) versus the AI SDK calling the same fake model directly.
 */
export async function benchChatStream(): Promise<void> {
  const fake = await startFakeLlm();
  fake.scripts.push({ match: 'bench', steps: [{ kind: 'text', chunks: CHUNKS }] });
  // A model streams its tokens over time: with one every 5 ms the first token is not queued behind
  // the processing of the whole reply, as it is when the fake model sends all 40 at once.
  fake.scripts.push({ match: 'paced', steps: [{ kind: 'text', chunks: CHUNKS, delayMs: 5 }] });
  const host = await startHost(3411, {
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const model = createOpenAICompatible({ name: 'bench', baseURL: `${fake.url}/v1` }).chatModel('fake-model');

  const direct = (prompt = 'bench run') => directTurn(model, prompt);
  const viaHost = (prompt = 'bench run') => hostTurn(host.url, prompt);

  try {
    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaHost();
    }
    const d: Array<{ first: number; total: number }> = [];
    const h: Array<{ first: number; total: number }> = [];
    const dp: number[] = [];
    const hp: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      d.push(await direct());
      h.push(await viaHost());
      dp.push((await direct('bench paced')).first);
      hp.push((await viaHost('bench paced')).first);
    }
    report('chat stream: host /api/chat vs direct AI SDK call, same fake model', RUNS, [
      {
        metric: 'time to first token',
        baseline: median(d.map((r) => r.first)),
        host: median(h.map((r) => r.first)),
      },
      {
        metric: 'total stream time',
        baseline: median(d.map((r) => r.total)),
        host: median(h.map((r) => r.total)),
      },
      { metric: 'first token, paced model', baseline: median(dp), host: median(hp) },
    ]);
  } finally {
    await host.stop();
    await fake.close();
  }
}
