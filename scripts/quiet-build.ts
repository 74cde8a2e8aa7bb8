import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Lines of `next build`'s output a person starting the host need not read: the experiments banner
 * (its "⨯" reads as an error, yet it only lists `preloadEntriesOnStart`, a memory setting the
 * host chose: docs/decisions). Next's telemetry notice does not show: start.ts turns telemetry off
 * unless NEXT_TELEMETRY_DISABLED says otherwise.
 */
const BANNER = /^\s*-?\s*Experiments \(use with caution\):\s*$/;
const BANNER_ITEM = /^\s*[⨯✓·-]\s+\S+$/;

/** A filter over the build's lines, in order: the banner's items are the lines right after it. */
export function buildLineFilter(): (line: string) => boolean {
  let inBanner = false;
  return (line) => {
    if (BANNER.test(line)) {
      inBanner = true;
      return false;
    }
    if (inBanner && BANNER_ITEM.test(line)) return false;
    inBanner = false;
    return true;
  };
}

/** Runs `next build` with its output shown as it comes, less the banner; resolves to its exit code. */
export function buildQuietly(nodeBinary: string, nextBin: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const build = spawn(nodeBinary, [nextBin, 'build'], { stdio: ['ignore', 'pipe', 'inherit'], env });
    const keep = buildLineFilter();
    createInterface({ input: build.stdout }).on('line', (line) => {
      if (keep(line)) process.stdout.write(`${line}\n`);
    });
    build.once('exit', (code) => resolve(code ?? 1));
  });
}
