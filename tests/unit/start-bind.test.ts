import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('npm start and BIND_ADDRESS', () => {
  it('refuses a non-loopback address before building or starting anything, and says why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...process.env,
        BIND_ADDRESS: '0.0.0.0',
        SKIP_BUILD: '1',
        // A config that would fail to load: the refusal must come before the config is even read.
        HOST_CONFIG: 'does-not-exist.json',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'BIND_ADDRESS=0.0.0.0 would expose the host without sign-in; hosted mode with sign-in comes in a later version. Use a loopback address',
    );
    expect(run.stderr).not.toContain('HOST_CONFIG');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Building|passkey|listen/i);
  });
});
