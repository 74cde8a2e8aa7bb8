import { describe, expect, it } from 'vitest';
import {
  CredentialConfigError,
  credentialPatterns,
  DEFAULT_CREDENTIAL_PATTERN_NAMES,
  DEFAULT_CREDENTIAL_PATTERNS,
  findCredentials,
  maskCredentials,
  mayHoldCredential,
} from './credentials';
import { WITHHELD_MARKER } from './scrub';

// Samples are assembled from parts so that no literal credential sits in the repository.
const alnum = (n: number, seed = 'a1B2c3D4e5F6g7H8i9J0') =>
  seed.repeat(Math.ceil(n / seed.length)).slice(0, n);
const SAMPLES = {
  'pem-private-key': (() => {
    const secret = `-----BEGIN RSA PRIVATE KEY-----\n${alnum(64)}\n${alnum(40)}==\n-----END RSA PRIVATE KEY-----`;
    return { text: `Your key:\n${secret}\nKeep it safe.`, secret };
  })(),
  'aws-access-key-id': {
    text: `AccessKeyId: ${'AKIA'}IOSFODNN7EXAMPLE, region eu-west-1`,
    secret: 'AKIAIOSFODNN7EXAMPLE',
  },
  'aws-secret-access-key': (() => {
    const secret = `wJalrXUtnFEMI/K7MDENG/bPxRfiCY${'EXAMPLEKEY'}`;
    return { text: `aws_secret_access_key = ${secret}\n`, secret };
  })(),
  'github-token': { text: `token ${'ghp_'}${alnum(36)} created`, secret: `ghp_${alnum(36)}` },
  'anthropic-api-key': {
    text: `ANTHROPIC_API_KEY=${'sk-ant-'}api03-${alnum(93)}AA`,
    secret: `sk-ant-api03-${alnum(93)}AA`,
  },
  'openai-api-key': { text: `key: ${'sk-'}proj-${alnum(48)}`, secret: `sk-proj-${alnum(48)}` },
  'slack-token': {
    text: `bot token ${'xoxb-'}123456789012-1234567890123-${alnum(24)}.`,
    secret: `xoxb-123456789012-1234567890123-${alnum(24)}`,
  },
  'stripe-secret-key': { text: `stripe ${'sk_'}live_${alnum(24)}`, secret: `sk_live_${alnum(24)}` },
  'google-api-key': { text: `maps key ${'AIza'}${alnum(35)} ok`, secret: `AIza${alnum(35)}` },
  jwt: (() => {
    const secret = `${'eyJ'}hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${alnum(43)}`;
    return { text: `Bearer ${secret}`, secret };
  })(),
  'connection-string-password': {
    text: 'DATABASE_URL=postgres://app:s3cr3t-Pa55@db.internal:5432/app',
    secret: 's3cr3t-Pa55',
  },
} satisfies Record<string, { text: string; secret: string }>;

const NEAR_MISSES: Record<string, string[]> = {
  'pem-private-key': [
    '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
    '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
    'a line that says -----BEGIN RSA PRIVATE KEY----- and never ends it',
  ],
  'aws-access-key-id': [
    'AKIA is a prefix',
    'AKIAIOSFODNN7EXAMPL',
    'akiaiosfodnn7example',
    'XAKIAIOSFODNN7EXAMPLE',
  ],
  'aws-secret-access-key': [
    `sha1 ${'0123456789abcdef0123456789abcdef01234567'}`,
    'aws_secret_access_key = <your secret here>',
  ],
  'github-token': ['ghp_short', 'the ghp_ prefix marks a classic token', 'github_pat_ is fine-grained'],
  'anthropic-api-key': ['sk-ant-...', 'an sk-ant- key'],
  'openai-api-key': [
    'sk-...',
    'scikit-learn is also called sk-learn',
    'sk-this-is-a-very-long-hyphenated-words-only-string',
  ],
  'slack-token': ['xoxo, see you soon', 'xoxb-token', 'xoxb-12-abc'],
  'stripe-secret-key': ['sk_live_', 'use sk_live_xxx in production', `pk_live_${alnum(24)}`],
  'google-api-key': ['AIza is how Google keys start', `AIza${alnum(20)}`],
  jwt: ['eyJhbGciOiJIUzI1NiJ9', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.', 'eyJ.eyJ.abc'],
  'connection-string-password': [
    'https://example.com:8080/path',
    'postgres://app@db.internal/app',
    'postgres://app:$' + '{PASSWORD}@db/app',
    'postgres://app:<password>@db/app',
    'postgres://app:****@db/app',
    'mailto:someone@example.com',
    'user:pass@host without a scheme',
  ],
};

const ALL = credentialPatterns();

describe('credentials: issue 12 item 1, secrets nobody marked', () => {
  it('issue 12 item 1: the documented list has one sample and near-misses per pattern', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...DEFAULT_CREDENTIAL_PATTERN_NAMES].sort());
    expect(Object.keys(NEAR_MISSES).sort()).toEqual([...DEFAULT_CREDENTIAL_PATTERN_NAMES].sort());
  });

  for (const [name, { text, secret }] of Object.entries(SAMPLES)) {
    it(`issue 12 item 1: ${name} is found with its reason, and masked out of the text`, () => {
      const findings = findCredentials(text, ALL);
      expect(findings).toHaveLength(1);
      const finding = findings[0]!;
      expect(finding.pattern).toBe(name);
      expect(finding.value).toBe(secret);
      expect(finding.reason.length).toBeGreaterThan(0);
      expect(text.slice(finding.start, finding.end)).toBe(secret);
      const masked = maskCredentials(text, ALL);
      expect(masked.text).not.toContain(secret);
      expect(masked.text).toContain(WITHHELD_MARKER);
      expect(masked.findings).toEqual(findings);
    });

    it(`issue 12 item 1: ${name} is found when only that pattern is enabled`, () => {
      expect(findCredentials(text, credentialPatterns({ enabled: [name] })).map((f) => f.value)).toEqual([
        secret,
      ]);
    });
  }

  for (const [name, texts] of Object.entries(NEAR_MISSES)) {
    it(`issue 12 item 1: near-misses of ${name} in ordinary text are left alone`, () => {
      for (const text of texts) expect(findCredentials(text, ALL), text).toEqual([]);
    });
  }

  it('issue 12 item 1: ordinary prose, UUIDs, hashes and URLs are left alone', () => {
    const prose = [
      'The quick brown fox jumps over the lazy dog. Order #12345678 shipped on 2026-11-23.',
      'id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 and sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'See https://docs.example.com/guide?x=1#intro and ssh://git@github.com/org/repo.git',
      'Call me at +1 555 0100; my email is someone@example.com.',
    ];
    for (const text of prose) expect(findCredentials(text, ALL), text).toEqual([]);
  });

  it('issue 12 item 1: an Anthropic key is reported as Anthropic, not OpenAI (sk- overlap)', () => {
    expect(findCredentials(SAMPLES['anthropic-api-key'].text, ALL).map((f) => f.pattern)).toEqual([
      'anthropic-api-key',
    ]);
  });

  it('issue 12 item 1: with the Anthropic pattern disabled, an Anthropic key is still withheld (as sk- key)', () => {
    const onlyOpenAi = credentialPatterns({ enabled: ['openai-api-key'] });
    expect(findCredentials(SAMPLES['anthropic-api-key'].text, onlyOpenAi).map((f) => f.value)).toEqual([
      SAMPLES['anthropic-api-key'].secret,
    ]);
  });

  it('issue 12 item 1: the connection-string password is located even when it equals the user name', () => {
    const text = 'redis://longuser1:longuser1@cache:6379';
    const finding = findCredentials(text, ALL)[0]!;
    expect(finding.start).toBe(text.indexOf(':longuser1@') + 1);
    expect(maskCredentials(text, ALL).text).toBe(`redis://longuser1:${WITHHELD_MARKER}@cache:6379`);
  });

  it('issue 12 item 1: several credentials in one text are all found, in order, not overlapping', () => {
    const text = `${SAMPLES.jwt.text} then ${SAMPLES['aws-access-key-id'].text} then ${SAMPLES['github-token'].text}`;
    const findings = findCredentials(text, ALL);
    expect(findings.map((f) => f.pattern)).toEqual(['jwt', 'aws-access-key-id', 'github-token']);
    const masked = maskCredentials(text, ALL).text;
    for (const f of findings) expect(masked).not.toContain(f.value);
  });

  it('issue 12 item 1: masking is idempotent', () => {
    for (const { text } of Object.values(SAMPLES)) {
      const once = maskCredentials(text, ALL).text;
      expect(maskCredentials(once, ALL)).toEqual({ text: once, findings: [] });
    }
  });

  it('issue 12 item 1 (host.config.json): only the enabled patterns apply', () => {
    const onlyJwt = credentialPatterns({ enabled: ['jwt'] });
    expect(onlyJwt.map((p) => p.name)).toEqual(['jwt']);
    expect(findCredentials(SAMPLES['github-token'].text, onlyJwt)).toEqual([]);
    expect(credentialPatterns({ enabled: [] })).toEqual([]);
  });

  it('issue 12 item 1 (host.config.json): an extra pattern applies, with its value group and reason', () => {
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
    const text = 'ACME_KEY=ak_abcdef123456 end';
    expect(findCredentials(text, patterns)).toEqual([
      { pattern: 'acme-key', reason: 'an ACME key', value: 'ak_abcdef123456', start: 9, end: 24 },
    ]);
  });

  it('issue 12 item 1 (host.config.json): unknown names, duplicates, bad and empty-matching regexes are refused', () => {
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

  it('issue 12 item 1: the shared pattern objects are not advanced by a search (no lastIndex state)', () => {
    const text = SAMPLES['github-token'].text;
    expect(findCredentials(text, ALL)).toHaveLength(1);
    expect(findCredentials(text, ALL)).toHaveLength(1);
    for (const pattern of ALL) expect(pattern.regex.lastIndex).toBe(0);
  });
});

/** Samples, near-misses' pieces and separators, mixed at random (a fixed seed): 2,000 texts. */
function mixedTexts(): string[] {
  const pieces = [
    ...Object.values(SAMPLES).flatMap(({ text, secret }) => [
      text,
      secret,
      secret.slice(1),
      secret.slice(0, -1),
    ]),
    ' ',
    '\n',
    '@',
    '://',
    'AWS_Secret_Access_Key: ',
    'postgres://u:',
    alnum(40),
    '-----END RSA PRIVATE KEY-----',
  ];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: 2_000 }, () =>
    Array.from({ length: 1 + (next() % 6) }, () => pieces[next() % pieces.length]).join(''),
  );
}

describe('issue 14: each pattern’s cheap prefilter never hides a match', () => {
  it('over samples, near-misses and random mixes of their pieces, the findings equal the regexes’ alone', () => {
    const unfiltered = DEFAULT_CREDENTIAL_PATTERNS.map(({ name, reason, regex }) => ({
      name,
      reason,
      regex,
    }));
    expect(DEFAULT_CREDENTIAL_PATTERNS.every((p) => p.mayMatch)).toBe(true);
    for (const text of mixedTexts()) {
      expect(findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS)).toEqual(findCredentials(text, unfiltered));
    }
  });

  it('a serialized value may hold a credential whenever one of its strings (a key or a value) holds one', () => {
    let holding = 0;
    for (const text of mixedTexts()) {
      for (const pattern of DEFAULT_CREDENTIAL_PATTERNS) {
        if (findCredentials(text, [pattern]).length === 0) continue;
        holding++;
        const asValue = JSON.stringify({ content: [{ type: 'text', text }] });
        const asKey = JSON.stringify({ structuredContent: { rows: [{ [text]: 1 }] } });
        expect(mayHoldCredential(asValue, [pattern])).toBe(true);
        expect(mayHoldCredential(asKey, [pattern])).toBe(true);
      }
    }
    expect(holding).toBeGreaterThan(500);
  });

  it('a value no pattern can match holds none, unless a pattern has no prefilter (from configuration)', () => {
    const ordinary = JSON.stringify({
      content: [{ type: 'text', text: 'Found 2 restaurant(s):\n- Trattoria Luce (r-trattoria), rated 4.5' }],
      structuredContent: { results: [{ id: 'r-trattoria', area: 'ginza' }] },
    });
    expect(mayHoldCredential(ordinary, DEFAULT_CREDENTIAL_PATTERNS)).toBe(false);
    const configured = credentialPatterns({
      extra: [{ name: 'ticket', reason: 'a ticket', pattern: 'T-\\d{6}' }],
    });
    expect(mayHoldCredential(ordinary, configured)).toBe(true);
  });
});
