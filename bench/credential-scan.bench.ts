import { performance } from 'node:perf_hooks';
import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { DEFAULT_CREDENTIAL_PATTERNS, findCredentials, mayHoldCredential } from '../lib/trust/credentials';
import {
  BASELINE_CREDENTIAL_PATTERNS,
  baselineFindCredentials,
  baselineMayHoldCredential,
} from './credential-scan-baseline';
import { benchValidation } from './derived.bench';
import { payloads } from './lib/derived-payloads';
import { median } from './lib/stats';

const ROUNDS = Math.max(2, Number(process.env.BENCH_RUNS ?? 30) / 5);

/** Every string of a JSON-like value, keys too (what redaction scans). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  return out;
}

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

/** A 1 MB tool log that every label rule's prefilter lets through: URLs, headers, tokens, key=value lines. */
function noisyLog(bytes: number): { content: Array<{ type: 'text'; text: string }> } {
  const lines = [
    'GET https://api.example.com/v1/items?page=2 200 (12 ms) user=alice@example.com',
    'request headers: accept=application/json, x-request-id=3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    'token usage: prompt 812, completion 96; max_tokens=4096',
    'retrying https://cdn.example.com/assets/app.js after 503; secret rotation is scheduled',
    'commit 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b updated password policy docs',
  ];
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `${i} ${lines[i % lines.length]}\n`;
  return { content: [{ type: 'text', text }] };
}

const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(2)} ms`;

/**
 * The credential scan of a tool result toward the model: the secretlint preset's rules and the host's
 * behind their prefilters, against the hand-kept list it replaced (`credential-scan-baseline.ts`), in
 * the same run. Also secretlint's own `lintSource` on the same texts (the alternative not taken), and
 * the derived 1 MB goal, whose path is unchanged.
 */
export async function benchCredentialScan(): Promise<void> {
  const { small, large, largeBytes } = payloads();
  const cases = [
    [
      '3-row result',
      { content: [{ type: 'text', text: JSON.stringify(small) }], structuredContent: small },
      1_500,
    ],
    [`1 MB result (${largeBytes} B)`, { structuredContent: large }, 4_000],
    ['1 MB log (prefilters pass)', noisyLog(largeBytes), 4_000],
  ] as const;
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
  const config = { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] };
  const lint = (text: string) =>
    lintSource({
      source: { content: text, filePath: 'result.txt', contentType: 'text' },
      options: { config },
    });
  for (const [label, result] of cases) {
    const texts = strings(result);
    const start = performance.now();
    let runs = 0;
    while (performance.now() - start < 1_000 || runs < 2) {
      for (const text of texts) await lint(text);
      runs++;
    }
    const perResult = (performance.now() - start) / runs;
    const driven = timePerCall(() => {
      for (const text of texts) findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS);
    }, 500);
    console.log(
      `  ${`${label}, every string`.padEnd(30)} secretlint lintSource ${ms(perResult).padStart(10)}  host rules + preset driven, unfiltered by the whole-result look ${ms(driven).padStart(10)}`,
    );
  }
  benchValidation();
}
