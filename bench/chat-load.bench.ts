import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { startFakeLlmProcess, startHost } from './lib/host';
import { median, percentile, report, reportLine } from './lib/stats';

const QUICK = Number(process.env.BENCH_RUNS ?? 30) < 10;
const STREAMS = QUICK ? 50 : 200;
const BURSTS = QUICK ? 1 : 3;
const CAPACITY_MS = QUICK ? 2_000 : 10_000;
const CAPACITY_CLIENTS = 32;
/** A reply of 20 tokens, one every 20 ms: the streams of a burst overlap as a busy host's do. */
const SLOW = { kind: 'text' as const, chunks: Array.from({ length: 20 }, (_, i) => `t${i} `), delayMs: 20 };
const FAST = { kind: 'text' as const, chunks: Array.from({ length: 20 }, (_, i) => `t${i} `) };

/**
 * Issue 14's scale goals: STREAMS concurrent chat turns through one host's POST /api/chat against the
 * same number sent straight to the fake model with the AI SDK (p95 time to first token); turns per
 * second with 32 clients in a closed loop, host against direct; the Next server's resident memory
 * idle, at the peak of the bursts and after them; warnings the host printed.
 */
export async function benchChatLoad(): Promise<void> {
  // The model in a process of its own: neither the host nor the direct client shares its thread.
  const fake = await startFakeLlmProcess(3417, [
    { match: 'load slow', steps: [SLOW] },
    { match: 'load fast', steps: [FAST] },
  ]);
  const host = await startHost(3416, {
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_MODEL: 'fake-model',
    LLM_MAX_RETRIES: '0',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
  });
  const model = createOpenAICompatible({ name: 'bench', baseURL: `${fake.url}/v1` }).chatModel('fake-model');

  async function direct(prompt: string): Promise<number> {
    const start = performance.now();
    let first = 0;
    const result = streamText({ model, prompt, maxRetries: 0 });
    for await (const part of result.stream) {
      if (part.type === 'text-delta' && !first) first = performance.now() - start;
    }
    return first;
  }

  async function viaHost(prompt: string): Promise<number> {
    const start = performance.now();
    let first = 0;
    const response = await fetch(`${host.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: randomUUID(),
        trigger: 'submit-message',
        message: { id: randomUUID(), role: 'user', parts: [{ type: 'text', text: prompt }] },
      }),
    });
    if (!response.ok || !response.body) throw new Error(`host answered ${response.status}`);
    const decoder = new TextDecoder();
    for await (const bytes of response.body) {
      if (!first && decoder.decode(bytes as Uint8Array, { stream: true }).includes('"text-delta"'))
        first = performance.now() - start;
    }
    return first;
  }

  const burst = (turn: (prompt: string) => Promise<number>) =>
    Promise.all(Array.from({ length: STREAMS }, () => turn('load slow')));

  async function capacity(turn: (prompt: string) => Promise<number>): Promise<number> {
    let done = 0;
    const until = performance.now() + CAPACITY_MS;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CAPACITY_CLIENTS }, async () => {
        while (performance.now() < until) {
          await turn('load fast');
          done++;
        }
      }),
    );
    return done / ((performance.now() - start) / 1000);
  }

  try {
    for (let i = 0; i < 5; i++) {
      await direct('load fast');
      await viaHost('load fast');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idle = host.nextRssMb();

    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, host.nextRssMb());
    }, 100);
    const directP95: number[] = [];
    const hostP95: number[] = [];
    for (let i = 0; i < BURSTS; i++) {
      directP95.push(percentile(await burst(direct), 95));
      hostP95.push(percentile(await burst(viaHost), 95));
    }
    const directRate = await capacity(direct);
    const hostRate = await capacity(viaHost);
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, QUICK ? 1_000 : 5_000));
    const after = host.nextRssMb();

    report(`chat load: ${STREAMS} concurrent streams, host /api/chat vs direct AI SDK`, BURSTS, [
      { metric: 'p95 time to first token', baseline: median(directP95), host: median(hostP95) },
    ]);
    reportLine(
      `turns/s, ${CAPACITY_CLIENTS} clients`,
      `direct ${directRate.toFixed(0)}  host ${hostRate.toFixed(0)}  ratio ${(hostRate / directRate).toFixed(2)}x (goal ≥ 150 turns/s)`,
    );
    reportLine(
      'Next server RSS',
      `idle ${idle.toFixed(0)} MB (goal < 300)  peak ${peak.toFixed(0)} MB (< 600)  after ${after.toFixed(0)} MB (< 350)`,
    );
    reportLine('host warnings', `${host.warnings.length}${host.warnings[0] ? `: ${host.warnings[0]}` : ''}`);
  } finally {
    await host.stop();
    await fake.close();
  }
}
