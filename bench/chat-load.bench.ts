import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { directTurn, hostTurn } from './lib/chat-turn';
import { startFakeLlmProcess, startHost } from './lib/host';
import { closedLoopRate, median, percentile, report, reportLine } from './lib/stats';

const QUICK = Number(process.env.BENCH_RUNS ?? 30) < 10;
const STREAMS = QUICK ? 50 : 200;
/** Bursts measured per side, alternating, after one unmeasured burst each (a host that has met load before). */
const BURSTS = QUICK ? 1 : 7;
const CAPACITY_MS = QUICK ? 2_000 : 10_000;
const CAPACITY_CLIENTS = 32;
/** A reply of 20 tokens, one every 20 ms: the streams of a burst overlap as a busy host's do. */
const SLOW = { kind: 'text' as const, chunks: Array.from({ length: 20 }, (_, i) => `t${i} `), delayMs: 20 };
const FAST = { kind: 'text' as const, chunks: Array.from({ length: 20 }, (_, i) => `t${i} `) };

/**
 * The host's scale goals (docs/architecture.md): STREAMS concurrent chat turns through one host's POST /api/chat against the
 * same number sent straight to the fake model with the AI SDK (p95 time to first token); turns per
 * second with 32 clients in a closed loop, host against direct; the host server's (Next's process) resident memory
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

  const direct = async (prompt: string) => (await directTurn(model, prompt)).first;
  const viaHost = async (prompt: string) => (await hostTurn(host.url, prompt)).first;

  const burst = (turn: (prompt: string) => Promise<number>) =>
    Promise.all(Array.from({ length: STREAMS }, () => turn('load slow')));

  const capacity = (turn: (prompt: string) => Promise<number>) =>
    closedLoopRate(() => turn('load fast'), CAPACITY_CLIENTS, CAPACITY_MS);

  try {
    for (let i = 0; i < 5; i++) {
      await direct('load fast');
      await viaHost('load fast');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const warm = host.nextRssMb();
    // Idle is a host that has had nothing to do for a while (its idle collection has run), not one
    // still settling from the warm-up turns a second ago.
    if (!QUICK) await new Promise((resolve) => setTimeout(resolve, 20_000));
    const idle = QUICK ? warm : host.nextRssMb();

    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, host.nextRssMb());
    }, 100);
    const directP95: number[] = [];
    const hostP95: number[] = [];
    // The first burst on each side grows the heap and compiles the code a busy host runs; it is not measured.
    await burst(direct);
    await burst(viaHost);
    for (let i = 0; i < BURSTS; i++) {
      directP95.push(percentile(await burst(direct), 95));
      hostP95.push(percentile(await burst(viaHost), 95));
    }
    const directRate = await capacity(direct);
    const cpuBefore = host.nextCpuMs();
    let hostTurns = 0;
    const hostRate = await capacity(async (prompt) => {
      const first = await viaHost(prompt);
      hostTurns++;
      return first;
    });
    const cpuAfter = host.nextCpuMs();
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, QUICK ? 1_000 : 5_000));
    const after = host.nextRssMb();
    // V8 gives memory back on its own once allocation has been low for a while (its memory reducer
    // waits about 8 s): the figure once the host has been idle that long, beside the one just after.
    if (!QUICK) await new Promise((resolve) => setTimeout(resolve, 15_000));
    const settled = host.nextRssMb();

    report(`chat load: ${STREAMS} concurrent streams, host /api/chat vs direct AI SDK`, BURSTS, [
      { metric: 'p95 time to first token', baseline: median(directP95), host: median(hostP95) },
    ]);
    const ratios = hostP95.map((p95, i) => p95 / (directP95[i] as number));
    reportLine(
      'p95 ratio, burst by burst',
      `${ratios.map((r) => r.toFixed(2)).join(' ')}, median ${median(ratios).toFixed(2)}x (each host burst against the direct one just before it; goal ≤ 1.5x)`,
    );
    reportLine(
      `turns/s, ${CAPACITY_CLIENTS} clients`,
      `direct ${directRate.toFixed(0)}  host ${hostRate.toFixed(0)}  ratio ${(hostRate / directRate).toFixed(2)}x (goal ≥ 150 turns/s)`,
    );
    reportLine(
      'host CPU per turn',
      `main thread ${((cpuAfter.main - cpuBefore.main) / hostTurns).toFixed(1)} ms  all threads ${((cpuAfter.all - cpuBefore.all) / hostTurns).toFixed(1)} ms (${hostTurns} turns; the main thread bounds one instance)`,
    );
    reportLine(
      'host server RSS',
      `idle ${idle.toFixed(0)} MB (goal < 300; 1 s after warm-up ${warm.toFixed(0)})  peak ${peak.toFixed(0)} MB (< 600)  after ${after.toFixed(0)} MB, idle 20 s after ${settled.toFixed(0)} MB (< 350)`,
    );
    reportLine('host warnings', `${host.warnings.length}${host.warnings[0] ? `: ${host.warnings[0]}` : ''}`);
  } finally {
    await host.stop();
    await fake.close();
  }
}
