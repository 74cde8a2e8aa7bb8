import { spawnSync } from 'node:child_process';
import { HOSTED_ENV, hostedDatabaseUrl } from '../hosted-env';

/** Runs the operator's `npm run account-link` against the hosted host under test; returns the link. */
export function operatorLink(...args: string[]): { url: string; status: number | null; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/account-link.ts', ...args],
    {
      env: { ...process.env, ...HOSTED_ENV, DATABASE_URL: hostedDatabaseUrl() },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { url: run.stdout.trim(), status: run.status, stderr: run.stderr };
}
