import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CREDENTIAL_PATTERNS, findCredentials, mayHoldCredential } from '../lib/trust/credentials';
import {
  BASELINE_CREDENTIAL_PATTERNS,
  baselineFindCredentials,
  baselineMayHoldCredential,
} from './credential-scan-baseline';
import { benchValidation } from './derived.bench';
import { scanCases, strings } from './lib/credential-scan-cases';
import { median } from './lib/stats';

const ROUNDS = Math.max(2, Number(process.env.BENCH_RUNS ?? 30) / 5);

interface Scanner {
  readonly mayHold: (text: string) => boolean;
  readonly find: (text: string) => readonly unknown[];
}

const current: Scanner = {
  mayHold: (text) => mayHoldCredential(text, DEFAULT_CREDENTIAL_PATTERNS),
  find: (text) => findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS),
};
const baseline: Scanner = {
  mayHold: (text) => baselineMayHoldCredential(text, BASELINE_CREDENTIAL_PATTERNS),
  find: (text) => baselineFindCredentials(text, BASELINE_CREDENTIAL_PATTERNS),
};

/** Redaction's scan of a result: one prefilter over its serialization, then every string when it may hold one. */
function scanResult(scanner: Scanner, result: unknown): number {
  if (!scanner.mayHold(JSON.stringify(result))) return 0;
  let found = 0;
  for (const text of strings(result)) found += scanner.find(text).length;
  return found;
}

/** Milliseconds per call of `run`, over at least `ms` after a warm-up. */
function timePerCall(run: () => unknown, ms: number): number {
  for (let i = 0; i < 5; i++) run();
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < ms || count < 3) {
    run();
    count++;
  }
  return (performance.now() - start) / count;
}

/** Both sides in turn, each first in every other round (one side must not pay the other's garbage). */
function compare(a: () => unknown, b: () => unknown, ms: number): { a: number; b: number; ratios: number[] } {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      ta.push(timePerCall(a, ms / ROUNDS));
      tb.push(timePerCall(b, ms / ROUNDS));
    } else {
      tb.push(timePerCall(b, ms / ROUNDS));
      ta.push(timePerCall(a, ms / ROUNDS));
    }
  }
  return { a: median(ta), b: median(tb), ratios: tb.map((t, i) => t / (ta[i] as number)) };
}

const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(2)} ms`;

/**
 * The credential scan of a tool result toward the model: the secretlint preset's rules and the host's
 * behind their prefilters, against the hand-kept list it replaced (`credential-scan-baseline.ts`), in
 * the same run. Also secretlint's own `lintSource` on the same texts (the alternative not taken), and
 * the derived 1 MB goal, whose path is unchanged.
 */
export async function benchCredentialScan(): Promise<void> {
  const cases = scanCases();
  console.log(
    '\ncredential-scan: a tool result scanned for credentials (ratio = new / baseline time per result)',
  );
  for (const [label, result, budget] of cases) {
    const before = scanResult(baseline, result);
    const after = scanResult(current, result);
    const { a, b, ratios } = compare(
      () => scanResult(baseline, result),
      () => scanResult(current, result),
      budget,
    );
    console.log(
      `  ${label.padEnd(30)} baseline ${ms(a).padStart(10)}  new ${ms(b).padStart(10)}  ratio ${median(ratios).toFixed(2)}x (rounds ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x)  findings ${before} -> ${after}`,
    );
  }
  // secretlint's own lintSource, the alternative not taken, runs in a process of its own: its profiler
  // keeps every performance mark of the process and searches them all at each new one, which stalls
  // whatever runs after it in the same process.
  const other = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'bench/lint-source-cost.ts'],
    { stdio: 'inherit', env: process.env },
  );
  if (other.status !== 0)
    throw new Error(`bench/lint-source-cost.ts failed (${other.status ?? other.signal})`);
  benchValidation();
}
