import { describe, expect, it } from 'vitest';
import { alnum, hex } from './credential-fakes';
import { credentialPatterns, findCredentials } from './credentials';

// The host's rules for what the secretlint preset lacks (docs/sensitive-output.md, "Built-in detection").
const ALL = credentialPatterns();
const withheld = (text: string) => findCredentials(text, ALL).map((f) => f.value);
const by = (name: string, text: string) =>
  findCredentials(text, credentialPatterns({ enabled: [name] })).map((f) => f.value);

const keyLines = `${alnum(64)}\n${alnum(64)}\n${alnum(20)}==`;
const block = (kind: string) => `-----BEGIN ${kind}-----\n${keyLines}\n-----END ${kind}-----`;

describe('host rules: private key blocks', () => {
  for (const kind of [
    'OPENSSH PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
    'DSA PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'EC PRIVATE KEY',
    'PRIVATE KEY',
  ]) {
    it(`a ${kind} block is withheld whole`, () => {
      const key = block(kind);
      expect(withheld(`before\n${key}\nafter`)).toEqual([key]);
    });
  }

  it('an encrypted PEM with headers is withheld whole', () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${hex(32).toUpperCase()}\n\n${keyLines}\n-----END RSA PRIVATE KEY-----`;
    expect(by('pem-private-key', `x ${key} y`)).toEqual([key]);
  });

  it('a block cut off before its END line is withheld to the end of the text', () => {
    const cut = `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${alnum(50)}\n${alnum(30)}`;
    expect(withheld(`$ cat ~/.ssh/id_ed25519\n${cut}`)).toEqual([cut]);
  });

  it('a sentence naming the header, a public key and a certificate are left alone', () => {
    expect(withheld('a line that says -----BEGIN RSA PRIVATE KEY----- and never ends it')).toEqual([]);
    expect(withheld(block('PUBLIC KEY'))).toEqual([]);
    expect(withheld(block('CERTIFICATE'))).toEqual([]);
  });
});

describe('host rules: URL passwords of any characters (RFC 3986 userinfo, to the last @)', () => {
  const cases: Array<[string, string]> = [
    ['postgres://u:p@ss/w@rd@db:5432/x', 'p@ss/w@rd'],
    ['redis://:s3cret-Pass@cache:6379/0', 's3cret-Pass'],
    ['amqp://guest:g/u@e$t!99@rabbit.internal/vhost', 'g/u@e$t!99'],
    ['DATABASE_URL="mysql://root:Zx9!wq@[::1]:3306/app"', 'Zx9!wq'],
    ['see (https://bot:tok3n-Value@example.com/hook) now', 'tok3n-Value'],
  ];
  for (const [text, password] of cases) {
    it(`${text} withholds ${password}`, () => {
      expect(by('connection-string-password', text)).toEqual([password]);
      expect(withheld(text)).toEqual([password]);
    });
  }

  it('placeholders, no password, and a port followed by a path are left alone', () => {
    for (const text of [
      'postgres://user:$' + '{PASSWORD}@db',
      'postgres://user:$PASSWORD@db/app',
      'postgres://app:<password>@db/app',
      'postgres://app:****@db/app',
      'postgres://app@db.internal/app',
      'https://example.com:8080/@alice',
      'ssh://git@github.com/org/repo.git',
      'mailto:someone@example.com',
      'user:pass@host without a scheme',
    ])
      expect(withheld(text), text).toEqual([]);
  });
});

describe('host rules: authorization headers', () => {
  const token = alnum(40);
  for (const [text, secret] of [
    [`Authorization: Bearer ${token}`, token],
    [`Proxy-Authorization: Basic ${'dXNlcjpw'}YXNzd29yZA==`, 'dXNlcjpwYXNzd29yZA=='],
    [`curl -H "X-Api-Key: ${token}" https://api.example.com`, token],
    [`{"headers":{"x-auth-token":"${token}"}}`, token],
    [`Private-Token: ${'glpat-'}${alnum(20)}`, `glpat-${alnum(20)}`],
    [`api-key: ${token}`, token],
  ] as const) {
    it(`${text.slice(0, 30)}… withholds the value`, () => {
      expect(withheld(text)).toEqual([secret]);
    });
  }

  it('a scheme word alone, a placeholder and API documentation are left alone', () => {
    for (const text of [
      'Authorization: Bearer $' + '{TOKEN}',
      'Authorization: Bearer <token>',
      'Authorization: required',
      'X-Api-Key: your-api-key',
    ])
      expect(by('authorization-header', text), text).toEqual([]);
  });
});

describe('host rules: password, secret and token assignments', () => {
  for (const [text, secret] of [
    ['password: "hunter2-Fake"', 'hunter2-Fake'],
    ["db_password = 'Tr0ub4dor&3'", 'Tr0ub4dor&3'],
    ['{"user":"ada","password":"c0rrect-horse"}', 'c0rrect-horse'],
    [`export API_TOKEN=${alnum(24)}`, alnum(24)],
    [`https://api.example.com/v1?access_token=${alnum(30)}&page=2`, alnum(30)],
    ['client_secret => "s3cr3t-Value-1"', 's3cr3t-Value-1'],
    ['Password: swordfish', 'swordfish'],
  ] as const) {
    it(`${text} withholds ${secret}`, () => {
      expect(by('secret-assignment', text)).toEqual([secret]);
    });
  }

  it('placeholders, short words, counts and prose are left alone', () => {
    for (const text of [
      'password=<your password>',
      'password: "changeme"',
      'password: ""',
      'token: ****',
      'token: none',
      'secret: true',
      'password: $' + '{DB_PASSWORD}',
      'password: {{ vault_password }}',
      'max_tokens=4096',
      'password_hint: x',
      'Reset your password: click the link we sent you',
      `password: "${'[sensitive value withheld; the user can see it in the tool card]'}"`,
    ])
      expect(by('secret-assignment', text), text).toEqual([]);
  });
});

describe('host rules: provider keys the preset lacks', () => {
  it('a Slack app token is withheld to its end (the preset stops before its secret tail)', () => {
    const token = `${'xapp-'}1-A0123456789-1234567890123-${hex(64)}`;
    expect(withheld(`token ${token}\n`)).toEqual([token]);
  });

  it('a Slack webhook URL is withheld (the preset’s webhook message)', () => {
    const url = `https://hooks.slack.com/services/T0${alnum(8)}/B0${alnum(8)}/${alnum(24)}`;
    expect(withheld(`POST ${url}`)).toEqual([url]);
  });

  it('a GitHub token in a git URL is withheld, not the text before it', () => {
    const token = alnum(40);
    expect(withheld(`"url": "https://${token}:x-oauth-basic@github.com/org/repo"`)).toContain(token);
  });

  it('a newer Mailgun key (32 hex, 8 hex, 8 hex) is withheld; a UUID is not', () => {
    const key = `${hex(32)}-${hex(8)}-${hex(8)}`;
    expect(by('mailgun-api-key', `MAILGUN_KEY ${key}`)).toEqual([key]);
    expect(withheld('id 3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toEqual([]);
  });

  it('a Service Bus connection string’s SharedAccessKey is withheld', () => {
    const key = `${alnum(43)}=`;
    expect(
      withheld(`Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=${key}`),
    ).toEqual([key]);
  });

  it('a Telegram bot token alone on a line is withheld', () => {
    const token = `987654321:AA${alnum(33)}`;
    expect(withheld(`TELEGRAM_BOT_TOKEN ${token}`)).toEqual([token]);
  });
});
