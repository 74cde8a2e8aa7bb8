import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'scripts/host-server.ts',
  'next.config.ts',
  'package.json',
  'tsconfig.json',
  'postcss.config.mjs',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith('.test.ts')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** True when there is no production build or a source file changed after it was made. */
export function needsBuild(root: string): boolean {
  const marker = join(root, '.next', 'BUILD_ID');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > built);
}
