import { describe, expect, it } from 'vitest';
import { deploymentMode, deploymentProblems, deploymentWarnings } from './deployment';

const HOSTED = {
  AUTH_MODE: 'passkey',
  DATABASE_URL: 'postgres://app@db:5432/mcplet',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_ORIGIN: 'https://chat.example.com',
  HOST_KEY: 'a'.repeat(64),
};

describe('hosted mode is switched on by AUTH_MODE=passkey, and refused until it is whole', () => {
  it('stays local unless AUTH_MODE is passkey', () => {
    expect(deploymentMode({})).toBe('local');
    expect(deploymentMode({ AUTH_MODE: 'local' })).toBe('local');
    expect(deploymentMode({ AUTH_MODE: 'passkey' })).toBe('hosted');
    expect(deploymentProblems({})).toEqual([]);
    expect(deploymentProblems({ AUTH_MODE: 'local' })).toEqual([]);
  });

  it('refuses an AUTH_MODE it does not know', () => {
    expect(deploymentProblems({ AUTH_MODE: 'password' })).toEqual([
      'AUTH_MODE="password" is not one of local, passkey.',
    ]);
  });

  it('accepts a complete hosted configuration', () => {
    expect(deploymentProblems(HOSTED)).toEqual([]);
    expect(deploymentProblems({ ...HOSTED, PUBLIC_ORIGIN: 'http://localhost:3000' })).toEqual([]);
    expect(deploymentProblems({ ...HOSTED, PUBLIC_ORIGIN: 'http://127.0.0.1:3000' })).toEqual([]);
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: undefined }, /DATABASE_URL is required/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/x' }, /DATABASE_URL must be a PostgreSQL/],
    ['AUTH_SECRET', { AUTH_SECRET: undefined }, /AUTH_SECRET is required/],
    ['AUTH_SECRET', { AUTH_SECRET: 'short' }, /AUTH_SECRET must be at least 32/],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: undefined }, /PUBLIC_ORIGIN is required/],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'http://chat.example.com' }, /PUBLIC_ORIGIN must be https/],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'not a url' }, /is not a URL/],
    ['HOST_KEY', { HOST_KEY: undefined }, /HOST_KEY is required/],
  ])('names what is missing or wrong: %s', (_name, change, message) => {
    const problems = deploymentProblems({ ...HOSTED, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('lists every problem at once', () => {
    expect(deploymentProblems({ AUTH_MODE: 'passkey' })).toHaveLength(4);
  });
});

describe("hosted views on a domain of the chat's own are named at start (cookie tossing)", () => {
  it('warns when the sandbox domain is a subdomain of the chat’s domain', () => {
    const warnings = deploymentWarnings({
      ...HOSTED,
      SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com',
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/shares example\.com with PUBLIC_ORIGIN/);
  });

  it('is quiet for views on another domain, on loopback names, and in local mode', () => {
    expect(deploymentWarnings({ ...HOSTED, SANDBOX_ORIGIN: 'https://{server}.views.example.net' })).toEqual(
      [],
    );
    expect(
      deploymentWarnings({
        ...HOSTED,
        PUBLIC_ORIGIN: 'http://localhost:3311',
        SANDBOX_ORIGIN: 'http://{server}.sandbox.localhost:3311',
      }),
    ).toEqual([]);
    expect(deploymentWarnings({ SANDBOX_ORIGIN: 'https://{server}.sandbox.example.com' })).toEqual([]);
    expect(deploymentWarnings({ ...HOSTED, SANDBOX_ORIGIN: undefined })).toEqual([]);
  });
});
