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
      'BIND_ADDRESS=0.0.0.0 would expose the host without sign-in. Use a loopback address',
    );
    expect(run.stderr).not.toContain('HOST_CONFIG');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Building|MCPlet host:|listen/i);
  });

  it('refuses hosted mode without its database, secret, origin and key, naming each', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...process.env,
        AUTH_MODE: 'passkey',
        DATABASE_URL: '',
        AUTH_SECRET: '',
        PUBLIC_ORIGIN: 'http://chat.example.com',
        HOST_KEY: '',
        SKIP_BUILD: '1',
        HOST_CONFIG: 'does-not-exist.json',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot start in hosted mode:');
    for (const name of [
      'DATABASE_URL is required',
      'AUTH_SECRET is required',
      'PUBLIC_ORIGIN must be https',
      'HOST_KEY is required',
    ])
      expect(run.stderr).toContain(name);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Building|MCPlet host:|listen/i);
  });

  it('refuses variables set to values it cannot use, naming each, before anything starts', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...process.env,
        PORT: 'eighty',
        HOST_HEAP_MB: '64',
        REDIS_URL: 'localhost:6379',
        LLM_TIMEOUT_MS: '10',
        SKIP_BUILD: '1',
        HOST_CONFIG: 'does-not-exist.json',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Cannot start in local mode:');
    for (const problem of [
      'PORT must be a port number from 1 to 65535 (got "eighty").',
      'HOST_HEAP_MB must be a whole number of megabytes, at least 128 (got "64").',
      'REDIS_URL must be a URL (redis://, rediss://) (got "localhost:6379").',
      'LLM_TIMEOUT_MS must be a whole number from 1000 to 900000 (got "10").',
    ])
      expect(run.stderr).toContain(problem);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Building|MCPlet host:|listen/i);
  });
});
