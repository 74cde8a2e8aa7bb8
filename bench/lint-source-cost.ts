/**
 * Part of the credential-scan bench, run in a process of its own (credential-scan.bench.ts says why):
 * secretlint's `lintSource` on every string of each case, against the host's driven rules on the
 * same strings without the whole-result prefilter.
 */
import { performance } from 'node:perf_hooks';
import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import { DEFAULT_CREDENTIAL_PATTERNS, findCredentials } from '../lib/trust/credentials';
import { scanCases, strings } from './lib/credential-scan-cases';

const ms = (value: number) => `${value < 1 ? value.toFixed(3) : value.toFixed(2)} ms`;

/** Milliseconds per call of `run`, over at least `budget` milliseconds and two calls. */
async function perCall(run: () => unknown, budget: number): Promise<number> {
  const start = performance.now();
  let runs = 0;
  while (performance.now() - start < budget || runs < 2) {
    await run();
    runs++;
  }
  return (performance.now() - start) / runs;
}

const config = { rules: [{ id: recommendedPreset.meta.id, rule: recommendedPreset }] };
const lint = (text: string) =>
  lintSource({ source: { content: text, filePath: 'result.txt', contentType: 'text' }, options: { config } });

for (const [label, result] of scanCases()) {
  const texts = strings(result);
  const linted = await perCall(async () => {
    for (const text of texts) await lint(text);
  }, 1_000);
  const driven = await perCall(() => {
    for (const text of texts) findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS);
  }, 500);
  console.log(
    `  ${`${label}, every string`.padEnd(30)} secretlint lintSource ${ms(linted).padStart(10)}  host rules + preset driven, unfiltered by the whole-result look ${ms(driven).padStart(10)}`,
  );
}

// The profiler is still working through the marks of every lint above, and would keep this process
// busy long after its figures are out.
process.exit(0);
