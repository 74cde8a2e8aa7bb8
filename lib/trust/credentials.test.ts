import { describe, expect, it } from 'vitest';
import { HOST_SAMPLES, PRESET_SAMPLES, SAMPLES } from './credential-fakes';
import {
  CredentialConfigError,
  credentialPatterns,
  DEFAULT_CREDENTIAL_PATTERN_NAMES,
  DEFAULT_CREDENTIAL_PATTERNS,
  findCredentials,
  maskCredentials,
} from './credentials';
import { WITHHELD_MARKER } from './scrub';

// docs/sensitive-output.md, "What the model never reads": a credential in any string, marked or not.
const ALL = credentialPatterns();

describe('credentials: the built-in rules, one sample each (docs/sensitive-output.md)', () => {
  it('the documented list has one sample per rule, the preset’s and the host’s', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...DEFAULT_CREDENTIAL_PATTERN_NAMES].sort());
    expect(DEFAULT_CREDENTIAL_PATTERN_NAMES.filter((name) => name.startsWith('secretlint/')).sort()).toEqual(
      Object.keys(PRESET_SAMPLES).sort(),
    );
  });

  for (const [name, { text, secret }] of Object.entries(SAMPLES)) {
    it(`${name}: found when only it is enabled, exactly the secret, with a reason`, () => {
      const findings = findCredentials(text, credentialPatterns({ enabled: [name] }));
      expect(findings.map((f) => [f.pattern, f.value])).toEqual([[name, secret]]);
      expect(findings[0]!.reason).toMatch(/^an? /);
      expect(text.slice(findings[0]!.start, findings[0]!.end)).toBe(secret);
    });

    it(`${name}: with every rule, withheld whole and nothing else of the text`, () => {
      const masked = maskCredentials(text, ALL);
      expect(masked.text).not.toContain(secret);
      expect(masked.findings.map((f) => f.value)).toEqual([secret]);
      expect(masked.text).toBe(text.replace(secret, WITHHELD_MARKER));
    });
  }

  it('masking is idempotent: the marker itself is never taken for a value', () => {
    for (const { text } of Object.values(SAMPLES)) {
      const once = maskCredentials(text, ALL).text;
      expect(maskCredentials(once, ALL)).toEqual({ text: once, findings: [] });
    }
  });

  it('a finding found by several rules is one finding, named by the earliest rule (a GitHub token after a label)', () => {
    const token = PRESET_SAMPLES['secretlint/github']!.secret;
    const findings = findCredentials(`GITHUB_TOKEN=${token}`, ALL);
    expect(findings.map((f) => [f.pattern, f.reason, f.value])).toEqual([
      ['secretlint/github', 'a GitHub token', token],
    ]);
  });

  it('overlapping findings are joined: no part of either stays in plain text', () => {
    const text = `${'sk-ant-'}api03-${'x'.repeat(10)}`;
    const patterns = credentialPatterns({
      enabled: [],
      extra: [
        { name: 'head', reason: 'a head', pattern: 'sk-ant-api03' },
        { name: 'tail', reason: 'a tail', pattern: 'api03-x+' },
      ],
    });
    expect(findCredentials(text, patterns)).toEqual([
      { pattern: 'head', reason: 'a head', value: text, start: 0, end: text.length },
    ]);
  });

  it('several credentials in one text are all found, in order, not overlapping', () => {
    const parts = [
      HOST_SAMPLES.jwt!,
      HOST_SAMPLES['aws-access-key-id']!,
      PRESET_SAMPLES['secretlint/github']!,
    ];
    const text = parts.map((p) => p.text).join(' then ');
    const findings = findCredentials(text, ALL);
    expect(findings.map((f) => f.value)).toEqual(parts.map((p) => p.secret));
    expect(findings.map((f) => f.pattern)).toEqual(['jwt', 'aws-access-key-id', 'secretlint/github']);
  });

  it('the patterns hold no state between scans', () => {
    const { text } = PRESET_SAMPLES['secretlint/github']!;
    expect(findCredentials(text, ALL)).toHaveLength(1);
    expect(findCredentials(text, ALL)).toHaveLength(1);
  });
});

describe('credentials: host.config.json credentialPatterns', () => {
  it('only the enabled rules apply', () => {
    const onlyJwt = credentialPatterns({ enabled: ['jwt'] });
    expect(onlyJwt.map((p) => p.name)).toEqual(['jwt']);
    expect(findCredentials(PRESET_SAMPLES['secretlint/github']!.text, onlyJwt)).toEqual([]);
    expect(credentialPatterns({ enabled: [] })).toEqual([]);
  });

  it('the former names of rules the preset took over still enable what now catches them', () => {
    expect(credentialPatterns({ enabled: ['github-token'] }).map((p) => p.name)).toEqual([
      'secretlint/github',
    ]);
    expect(
      credentialPatterns({ enabled: ['aws-secret-access-key', 'secretlint/aws'] }).map((p) => p.name),
    ).toEqual(['secretlint/aws']);
  });

  it('an extra pattern applies, with its value group and reason', () => {
    const patterns = credentialPatterns({
      enabled: [],
      extra: [
        {
          name: 'acme-key',
          reason: 'an ACME key',
          pattern: 'acme_key=(?<value>ak_[a-z0-9]{12})',
          flags: 'i',
        },
      ],
    });
    expect(findCredentials('ACME_KEY=ak_abcdef123456 end', patterns)).toEqual([
      { pattern: 'acme-key', reason: 'an ACME key', value: 'ak_abcdef123456', start: 9, end: 24 },
    ]);
  });

  it('unknown names, duplicates, bad and empty-matching regexes are refused', () => {
    expect(() => credentialPatterns({ enabled: ['nope'] })).toThrow(CredentialConfigError);
    expect(() => credentialPatterns({ extra: [{ name: 'jwt', reason: 'r', pattern: 'x' }] })).toThrow(
      /Duplicate/,
    );
    expect(() => credentialPatterns({ extra: [{ name: 'bad', reason: 'r', pattern: '(' }] })).toThrow(
      /not a valid/,
    );
    expect(() => credentialPatterns({ extra: [{ name: 'empty', reason: 'r', pattern: 'a*' }] })).toThrow(
      /empty string/,
    );
  });

  it('every built-in rule has a name, a short English reason and a prefilter', () => {
    for (const pattern of DEFAULT_CREDENTIAL_PATTERNS) {
      expect(pattern.name).toMatch(/^(?:secretlint\/)?[a-z0-9][a-z0-9-]*$/);
      expect(pattern.reason).toMatch(/^an? [A-Za-z0-9 ,.'-]+$/);
      expect(pattern.mayMatch).toBeTypeOf('function');
    }
  });
});
