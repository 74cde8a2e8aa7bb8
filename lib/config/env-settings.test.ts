import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SETTINGS, envProblems, envSetting } from './env-settings';

const ROOT = join(import.meta.dirname, '..', '..');

/** Where the host, its scripts, servers, e2e tests and benches read the environment. */
const SCANNED = [
  'lib',
  'app',
  'scripts',
  'servers',
  'components',
  'tests/e2e',
  'bench',
  'proxy.ts',
  'instrumentation.ts',
  'playwright.config.ts',
];
// `process.env.X`, `env.X`, and the model settings' `intFromEnv('X', …)` (lib/llm/settings.ts).
const READ = /process\.env\.([A-Z_0-9]+)|env\.([A-Z][A-Z_0-9]+)|FromEnv\('([A-Z_0-9]+)'/g;
// Next's own: its private handover and the runtime it tells the instrumentation hook.
const NEXT_OWN = (name: string) => name.startsWith('__NEXT_PRIVATE_') || name === 'NEXT_RUNTIME';

function sourceFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [full];
  return (
    readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !f.split('/').includes('node_modules'))
      // A unit test sets and reads variables of its own, named for that test only.
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .map((f) => join(full, f))
  );
}

/** Every variable the scanned code reads, with a file that reads it. */
function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of SCANNED.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(READ)) {
      const name = match[1] ?? match[2] ?? match[3];
      if (name && !NEXT_OWN(name) && !read.has(name)) read.set(name, file.slice(ROOT.length + 1));
    }
  }
  return read;
}

describe('every environment variable is declared once in lib/config/env-settings.ts', () => {
  const read = variablesRead();

  it('declares each variable the code reads (a new one needs a row: name, type, default, meaning, for)', () => {
    const undeclared = [...read]
      .filter(([name]) => !envSetting(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(undeclared, 'read in the code but not declared in ENV_SETTINGS').toEqual([]);
  });

  it('declares nothing the code no longer reads', () => {
    expect(ENV_SETTINGS.map((s) => s.name).filter((name) => !read.has(name))).toEqual([]);
  });

  it('declares each name once, with a short one-line meaning', () => {
    const names = ENV_SETTINGS.map((s) => s.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const s of ENV_SETTINGS) {
      expect(s.meaning, s.name).toMatch(/^[^\n]{3,50}$/);
      expect(s.default, s.name).toMatch(/^[^\n]+$/);
      if (s.type === 'enum') expect(s.values?.length, s.name).toBeGreaterThan(0);
    }
  });
});

describe('envProblems: each set value the host cannot use, naming the variable', () => {
  it('accepts an empty environment, and empty values as the defaults', () => {
    expect(envProblems({})).toEqual([]);
    expect(envProblems({ PORT: '', HOST_HEAP_MB: '', AUTH_MODE: '' })).toEqual([]);
  });

  it('accepts good values of every type', () => {
    expect(
      envProblems({
        PORT: '8080',
        PUBLIC_ORIGIN: 'https://chat.example.com/',
        SANDBOX_ORIGIN: 'https://{server}.views.example.net',
        ALLOWED_HOSTS: 'chat.internal:3000',
        AUTH_MODE: 'passkey',
        AUTH_SECRET: 'x'.repeat(32),
        LOG_FORMAT: 'json',
        DATABASE_URL: 'postgresql://app@db:5432/mcplet',
        REDIS_URL: 'rediss://redis:6380',
        HOST_KEY: 'a'.repeat(64),
        HOST_HEAP_MB: '512',
        NEXT_TELEMETRY_DISABLED: '1',
        SKIP_BUILD: '0',
        LLM_TIMEOUT_MS: '1000',
        LLM_MAX_RETRIES: '0',
        OAUTH_CLIENT_ID_URL: 'https://ids.example.com/mcplet.json',
        PASSKEY_ORIGINS: 'https://chat.example.com, https://chat.example.org',
        DEMO_PORT_BASE: '3401',
      }),
    ).toEqual([]);
  });

  it('names every bad value at once, each with the rule it breaks', () => {
    const problems = envProblems({
      PORT: '70000',
      LLM_TIMEOUT_MS: '5',
      LLM_MAX_RETRIES: '2.5',
      REDIS_URL: 'http://redis:6379',
      PUBLIC_ORIGIN: 'https://chat.example.com/app',
      LOG_FORMAT: 'yaml',
      SKIP_BUILD: 'yes',
      ALLOWED_HOSTS: ' , ',
    });
    expect(problems).toEqual([
      'PORT must be a port number from 1 to 65535 (got "70000").',
      'PUBLIC_ORIGIN must be an origin: scheme, host and port, no path (http:// or https://) (got "https://chat.example.com/app").',
      'ALLOWED_HOSTS must name at least one value, comma-separated (got " , ").',
      'LOG_FORMAT must be one of json, text (got "yaml").',
      'REDIS_URL must be a URL (redis://, rediss://) (got "http://redis:6379").',
      'SKIP_BUILD must be 1 (yes) or 0 (no) (got "yes").',
      'LLM_TIMEOUT_MS must be a whole number from 1000 to 900000 (got "5").',
      'LLM_MAX_RETRIES must be a whole number from 0 to 10 (got "2.5").',
    ]);
  });

  it('applies the rule of the code that reads a variable', () => {
    expect(envProblems({ HOST_HEAP_MB: '64' })).toEqual([
      'HOST_HEAP_MB must be a whole number of megabytes, at least 128 (got "64").',
    ]);
    expect(envProblems({ AUTH_MODE: 'password' })).toEqual([
      'AUTH_MODE="password" is not one of local, passkey.',
    ]);
    expect(envProblems({ DATABASE_URL: 'mysql://db/app' })).toEqual([
      'DATABASE_URL must be a PostgreSQL connection string (postgres://…).',
    ]);
    expect(envProblems({ SANDBOX_ORIGIN: 'https://views.example.net' })[0]).toMatch(
      /^SANDBOX_ORIGIN must start with \{server\}\./,
    );
    expect(envProblems({ OAUTH_CLIENT_ID_URL: 'http://ids.example.com/x.json' })).toEqual([
      'OAUTH_CLIENT_ID_URL must be an https URL with a path',
    ]);
    expect(envProblems({ DEMO_PORT_BASE: '80' })).toEqual([
      'DEMO_PORT_BASE must be a port number from 1024 to 65000.',
    ]);
    expect(envProblems({ PASSKEY_ORIGINS: 'https://chat.example.com,chat.example.org' })).toEqual([
      'PASSKEY_ORIGINS must list origins (https://host[:port]); "chat.example.org" is not one.',
    ]);
  });

  it('says NEXT_TELEMETRY_DISABLED=0 does not send telemetry (Next reads any text as yes)', () => {
    expect(envProblems({ NEXT_TELEMETRY_DISABLED: '0' })[0]).toMatch(
      /^NEXT_TELEMETRY_DISABLED turns telemetry off/,
    );
  });

  it('never shows a secret it refuses', () => {
    const problems = envProblems({ AUTH_SECRET: 'hunter2-short', HOST_KEY: 'hunter3-not-a-key' });
    expect(problems).toEqual([
      'AUTH_SECRET must be at least 32 characters (openssl rand -base64 32).',
      'HOST_KEY must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32).',
    ]);
    expect(problems.join(' ')).not.toMatch(/hunter/);
  });

  it('leaves the tests’ own variables to the tests (a CI runner sets CI=true)', () => {
    expect(envProblems({ CI: 'true', E2E_HOST_PORT: 'x', BENCH_RUNS: 'many' })).toEqual([]);
  });
});
