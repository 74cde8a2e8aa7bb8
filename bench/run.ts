/**
 * `npm run bench [-- name ...] [-- --quick]`: each bench prints its figures against a baseline measured
 * in the same run. `--quick` takes a handful of samples (BENCH_RUNS=4 unless set): small enough for CI
 * to run once, too small to quote.
 */
const args = process.argv.slice(2);
if (args.includes('--quick')) process.env.BENCH_RUNS ??= '4';

// Imported after BENCH_RUNS is settled: each bench reads it when it loads.
const BENCHES: Record<string, () => Promise<() => Promise<void>>> = {
  'chat-instances': async () => (await import('./chat-instances.bench')).benchChatInstances,
  'chat-load': async () => (await import('./chat-load.bench')).benchChatLoad,
  'chat-stream': async () => (await import('./chat-stream.bench')).benchChatStream,
  'client-js': async () => (await import('./client-js.bench')).benchClientJs,
  'credential-scan': async () => (await import('./credential-scan.bench')).benchCredentialScan,
  derived: async () => (await import('./derived.bench')).benchDerived,
  gate: async () => (await import('./gate.bench')).benchGate,
  'tool-call': async () => (await import('./tool-call.bench')).benchToolCall,
  'view-init': async () => (await import('./view-init.bench')).benchViewInit,
};

const wanted = args.filter((a) => a !== '--quick');
const names = wanted.length > 0 ? wanted : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`Unknown bench "${name}". Known: ${Object.keys(BENCHES).join(', ')}`);
    process.exit(2);
  }
  await (await load())();
}

export {};
