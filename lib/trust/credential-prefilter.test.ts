import { describe, expect, it } from 'vitest';
import { alnum, SAMPLES } from './credential-fakes';
import {
  type CredentialPattern,
  DEFAULT_CREDENTIAL_PATTERNS,
  findCredentials,
  mayHoldCredential,
} from './credentials';

// docs/sensitive-output.md: each rule's prefilter is a necessary condition, asked of a whole serialized
// result at once; it must never hide a credential the full scan finds.

/** A seeded generator (a linear congruential one): the same texts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
}

const FRAGMENTS = [
  ...Object.values(SAMPLES).flatMap(({ text, secret }) => [
    text,
    secret,
    secret.slice(1),
    secret.slice(0, -1),
    secret.slice(0, Math.ceil(secret.length / 2)),
    secret.slice(Math.floor(secret.length / 2)),
  ]),
  ' ',
  '\n',
  '\t',
  '"',
  "'",
  '@',
  '/',
  ':',
  '=',
  ': ',
  '=>',
  '://',
  '\\',
  '-',
  '_',
  '.',
  'Authorization: ',
  'X-Api-Key: ',
  'password',
  'Password: ',
  'token=',
  '"secret":"',
  'AccountKey=',
  'postgres://u:',
  'mongodb://',
  'https://',
  '-----BEGIN RSA PRIVATE KEY-----\n',
  '-----END RSA PRIVATE KEY-----',
  'PRIVATE KEY BLOCK-----',
  'aws_secret_access_key=',
  'hooks.slack.com/services/',
  'private_key_id',
  '\\u0041',
  '123456789',
  'AA',
  'key-',
  'SK',
  alnum(40),
  alnum(12),
  'the quick brown fox ',
];

function mixedTexts(count: number): string[] {
  const next = random(7);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 7) }, () => FRAGMENTS[next() % FRAGMENTS.length]).join(''),
  );
}

const unfiltered = (patterns: readonly CredentialPattern[]) =>
  patterns.map(({ name, reason, find }) => ({ name, reason, find }));

describe('the prefilter never hides a match the full scan finds (property, seeded)', () => {
  const texts = mixedTexts(3_000);

  it('over 3,000 random mixes of secrets, their pieces, labels and noise, the findings equal the unfiltered rules’', () => {
    const all = unfiltered(DEFAULT_CREDENTIAL_PATTERNS);
    let holding = 0;
    for (const text of texts) {
      const found = findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS);
      if (found.length > 0) holding++;
      expect(found, text).toEqual(findCredentials(text, all));
    }
    expect(holding).toBeGreaterThan(1_500);
  });

  it('a serialized value may hold a credential whenever one of its strings (a key or a value) holds one', () => {
    for (const text of texts) {
      for (const pattern of DEFAULT_CREDENTIAL_PATTERNS) {
        if (findCredentials(text, unfiltered([pattern])).length === 0) continue;
        const asValue = JSON.stringify({ content: [{ type: 'text', text }] });
        const asKey = JSON.stringify({ structuredContent: { rows: [{ [text]: 1 }] } });
        expect(mayHoldCredential(asValue, [pattern]), `${pattern.name}: ${text}`).toBe(true);
        expect(mayHoldCredential(asKey, [pattern]), `${pattern.name}: ${text}`).toBe(true);
      }
    }
  });

  it('a value no rule can match holds none, unless a rule has no prefilter (from configuration)', () => {
    const ordinary = JSON.stringify({
      content: [{ type: 'text', text: 'Found 2 restaurant(s):\n- Trattoria Luce (r-trattoria), rated 4.5' }],
      structuredContent: { results: [{ id: 'r-trattoria', area: 'ginza' }] },
    });
    expect(mayHoldCredential(ordinary, DEFAULT_CREDENTIAL_PATTERNS)).toBe(false);
    expect(
      mayHoldCredential(ordinary, [
        ...DEFAULT_CREDENTIAL_PATTERNS,
        { name: 't', reason: 'r', find: () => [] },
      ]),
    ).toBe(true);
  });
});

describe('false positives the rules must leave alone', () => {
  const png = Buffer.from(Array.from({ length: 3_000 }, (_, i) => (i * 7919 + 13) % 256)).toString('base64');
  const texts = [
    'The quick brown fox jumps over the lazy dog. Order #12345678 shipped on 2026-11-23.',
    'id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 and sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    `commit ${'0123456789abcdef0123456789abcdef01234567'} (sha1), md5 d41d8cd98f00b204e9800998ecf8427e`,
    'See https://docs.example.com/guide?x=1#intro and ssh://git@github.com/org/repo.git',
    'Call me at +1 555 0100; my email is someone@example.com.',
    'Use an API key that starts with sk-... and paste it into settings.',
    'postgres://user:$' + '{PASSWORD}@db',
    'password=<your password>',
    'Set OPENAI_API_KEY=sk-... and ANTHROPIC_API_KEY=sk-ant-...',
    'xoxo, see you soon; the ghp_ prefix marks a classic token; AKIA is a prefix',
    `<img src="data:image/png;base64,${png}">`,
    `{"type":"image","mimeType":"image/png","data":"${png}"}`,
    'scikit-learn is also called sk-learn; sk-this-is-a-very-long-hyphenated-words-only-string',
    'max_tokens=4096, temperature=0.2, top_p=1',
  ];
  for (const text of texts) {
    it(`${text.slice(0, 60)}…`, () => {
      expect(findCredentials(text, DEFAULT_CREDENTIAL_PATTERNS)).toEqual([]);
    });
  }
});
