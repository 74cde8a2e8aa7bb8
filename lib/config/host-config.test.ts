import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_CONFIG, parseHostConfig } from './host-config';
import { HostConfigError, loadHostConfig } from './load';

describe('host.config.json validation', () => {
  it('accepts an empty object and fills the defaults', () => {
    expect(parseHostConfig({})).toEqual({ ok: true, config: DEFAULT_HOST_CONFIG });
  });

  it('merges given fields over the defaults', () => {
    const parsed = parseHostConfig({
      chat: { defaultMode: 'tool-only' },
      models: { default: 'openai:gpt-4o' },
    });
    expect(parsed).toEqual({
      ok: true,
      config: {
        ...DEFAULT_HOST_CONFIG,
        chat: { defaultMode: 'tool-only', maxSteps: 6, generateTitles: true },
        models: { default: 'openai:gpt-4o', inputs: {} },
      },
    });
  });

  it('reads attachment limits over their defaults and the media types each model takes', () => {
    const parsed = parseHostConfig({
      attachments: { maxBytes: 1000 },
      models: { inputs: { 'openai-compatible:llava': ['image/*'] } },
    });
    expect(parsed.ok && parsed.config.attachments).toEqual({
      ...DEFAULT_HOST_CONFIG.attachments,
      maxBytes: 1000,
    });
    expect(parsed.ok && parsed.config.models.inputs).toEqual({ 'openai-compatible:llava': ['image/*'] });
    const bad = parseHostConfig({
      attachments: { maxBytes: 0, types: ['images'] },
      models: { inputs: { llava: [] } },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors).toContain('/attachments/maxBytes: must be >= 1');
      expect(bad.errors.some((e) => e.startsWith('/attachments/types/0:'))).toBe(true);
      expect(bad.errors.some((e) => e.startsWith('/models/inputs'))).toBe(true);
    }
  });

  it('names the field of a bad enum value', () => {
    const parsed = parseHostConfig({ chat: { defaultMode: 'chatty' } });
    expect(parsed).toEqual({
      ok: false,
      errors: ['/chat/defaultMode: must be one of "normal", "tool-only"'],
    });
  });

  it('names unknown and mistyped fields', () => {
    const parsed = parseHostConfig({ chat: { maxSteps: 'ten' }, colour: 'blue' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors).toContain('/colour: unknown field');
      expect(parsed.errors).toContain('/chat/maxSteps: must be integer');
    }
  });

  it('reads servers, filling name and admission, and refuses a repeated id', () => {
    const parsed = parseHostConfig({
      servers: [{ id: 'weather', transport: { type: 'http', url: 'http://127.0.0.1:9000/mcp' } }],
      pools: { 'info-pool': { description: 'external lookups' } },
      demoServers: false,
    });
    expect(parsed.ok && parsed.config.servers).toEqual([
      {
        id: 'weather',
        name: 'weather',
        admission: 'strict',
        transport: { type: 'http', url: 'http://127.0.0.1:9000/mcp' },
      },
    ]);
    expect(parsed.ok && parsed.config.demoServers).toBe(false);
    // Without the demo servers, nothing may receive derived results unless configured (10.4).
    expect(parsed.ok && parsed.config.derivedResults.allowlist).toEqual([]);
    const twice = { id: 'a', transport: { type: 'http', url: 'http://x/mcp' } };
    expect(parseHostConfig({ servers: [twice, twice] })).toEqual({
      ok: false,
      errors: ['/servers: the id "a" is used twice'],
    });
  });

  it('names the field of a bad server entry', () => {
    const parsed = parseHostConfig({
      servers: [{ id: 'ok', transport: { type: 'stdio', command: 'node x.js' } }],
    });
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.join()).toMatch(/\/servers\/0\/transport/);
  });

  it('10.4: derived-result bounds may be lowered, never raised; allowlist entries are server/tool', () => {
    const lowered = parseHostConfig({
      derivedResults: { allowlist: ['weather/forecast'], maxTtlSeconds: 10 },
    });
    expect(lowered.ok && lowered.config.derivedResults).toEqual({
      allowlist: ['weather/forecast'],
      maxTtlSeconds: 10,
      ratePerMinute: 20,
    });
    const errors = (value: unknown) => {
      const parsed = parseHostConfig({ derivedResults: value });
      return parsed.ok ? '' : parsed.errors.join('\n');
    };
    expect(errors({ maxTtlSeconds: 31 })).toMatch(/\/derivedResults\/maxTtlSeconds: must be <= 30/);
    expect(errors({ maxBytes: 1_048_577 })).toMatch(/\/derivedResults\/maxBytes: must be <= 1048576/);
    expect(errors({ allowlist: ['search_restaurants'] })).toMatch(/\/derivedResults\/allowlist\/0/);
  });

  it('sensitiveOutput.credentialPatterns enables a subset and adds patterns; bad names and regexes are refused by field', () => {
    const parsed = parseHostConfig({
      sensitiveOutput: {
        credentialPatterns: {
          enabled: ['jwt', 'aws-access-key-id'],
          extra: [{ name: 'acme-token', pattern: 'acme_[a-z0-9]{24}', reason: 'an Acme token' }],
        },
      },
    });
    expect(parsed.ok && parsed.config.sensitiveOutput.credentialPatterns.enabled).toEqual([
      'jwt',
      'aws-access-key-id',
    ]);
    const unknown = parseHostConfig({ sensitiveOutput: { credentialPatterns: { enabled: ['nope'] } } });
    expect(unknown.ok).toBe(false);
    if (!unknown.ok)
      expect(unknown.errors[0]).toMatch(
        /^\/sensitiveOutput\/credentialPatterns\/enabled\/0: must be one of "pem-private-key"/,
      );
    const badRegex = parseHostConfig({
      sensitiveOutput: { credentialPatterns: { extra: [{ name: 'x', pattern: '([', reason: 'r' }] } },
    });
    expect(badRegex).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(
          /^\/sensitiveOutput\/credentialPatterns: Credential pattern "x" is not a valid regular expression/,
        ),
      ],
    });
    const empty = parseHostConfig({
      sensitiveOutput: { credentialPatterns: { extra: [{ name: 'y', pattern: 'a*', reason: 'r' }] } },
    });
    expect(empty.ok).toBe(false);
    const clash = parseHostConfig({
      sensitiveOutput: { credentialPatterns: { extra: [{ name: 'jwt', pattern: 'zz+', reason: 'r' }] } },
    });
    expect(clash).toEqual({
      ok: false,
      errors: ['/sensitiveOutput/credentialPatterns: Duplicate credential pattern "jwt"'],
    });
  });

  it('trustPolicy switches default on, one may be turned off, and a bad switch is named', () => {
    expect(DEFAULT_HOST_CONFIG.trustPolicy).toEqual({
      publicDestination: true,
      irreversible: true,
      maliciousActivity: true,
      untrustedSource: true,
      acceptedSensitivity: true,
    });
    const parsed = parseHostConfig({ trustPolicy: { irreversible: false } });
    expect(parsed.ok && parsed.config.trustPolicy).toEqual({
      publicDestination: true,
      irreversible: false,
      maliciousActivity: true,
      untrustedSource: true,
      acceptedSensitivity: true,
    });
    const bad = parseHostConfig({ trustPolicy: { maliciousActivity: 'no', publicDestinations: false } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors).toContain('/trustPolicy/maliciousActivity: must be boolean');
      expect(bad.errors).toContain('/trustPolicy/publicDestinations: unknown field');
    }
  });

  it('refuses a non-object document', () => {
    expect(parseHostConfig([1, 2]).ok).toBe(false);
    expect(parseHostConfig(null).ok).toBe(false);
  });

  it('reports invalid JSON and bad values with the file path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "chat": ');
    expect(() => loadHostConfig(broken)).toThrow(HostConfigError);
    expect(() => loadHostConfig(broken)).toThrow(/broken\.json is not valid:\n {2}- not valid JSON/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ chat: { maxSteps: 0 } }));
    expect(() => loadHostConfig(bad)).toThrow(/\/chat\/maxSteps: must be >= 1/);
  });

  it('uses the defaults when no file exists', () => {
    expect(loadHostConfig(join(tmpdir(), 'definitely-missing-host-config.json'))).toEqual(
      DEFAULT_HOST_CONFIG,
    );
  });
});

describe('hosted sign-up policy (auth.signUp)', () => {
  it('is by invitation unless the operator opens it', () => {
    expect(DEFAULT_HOST_CONFIG.auth.signUp).toBe('invitation');
    const open = parseHostConfig({ auth: { signUp: 'open' } });
    expect(open.ok && open.config.auth.signUp).toBe('open');
  });

  it('refuses any other value', () => {
    const parsed = parseHostConfig({ auth: { signUp: 'anyone' } });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.errors.join(' ')).toContain('/auth/signUp');
  });
});
