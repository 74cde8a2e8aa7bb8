import { performance } from 'node:perf_hooks';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export interface Row {
  metric: string;
  baseline: number;
  host: number;
}

/** Prints medians and the host/baseline ratio, one line per metric. */
export function report(title: string, runs: number, rows: Row[]): void {
  console.log(`\n${title} (median of ${runs} runs)`);
  for (const row of rows) {
    const ratio = row.host / row.baseline;
    console.log(
      `  ${row.metric.padEnd(28)} baseline ${ms(row.baseline).padStart(11)}  host ${ms(row.host).padStart(11)}  ratio ${ratio.toFixed(2)}x`,
    );
  }
}

/** The p-th percentile (nearest rank) of the values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** One figure that is not a time: a label and its text. */
export function reportLine(metric: string, text: string): void {
  console.log(`  ${metric.padEnd(28)} ${text}`);
}

/** Completions per second of `call` with `clients` concurrent callers in a closed loop for `ms`. */
export async function closedLoopRate(
  call: () => Promise<unknown>,
  clients: number,
  ms: number,
): Promise<number> {
  let done = 0;
  const start = performance.now();
  const until = start + ms;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        await call();
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}
