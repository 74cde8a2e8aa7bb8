/**
 * Fake credentials for the tests, one per built-in rule, in each issuer's format. Every value is
 * assembled from parts at run time so that no literal credential sits in the repository (and secret
 * scanners run on it find none). None of them was ever issued.
 */

export const alnum = (n: number, seed = 'a1B2c3D4e5F6g7H8i9J0'): string =>
  seed.repeat(Math.ceil(n / seed.length)).slice(0, n);
export const hex = (n: number): string => alnum(n, '0123456789abcdef');
const letters = (n: number) => alnum(n, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ');
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export interface CredentialSample {
  /** A tool's output holding the credential. */
  readonly text: string;
  /** What must be withheld of it. */
  readonly secret: string;
}

const sample = (before: string, secret: string, after = ''): CredentialSample => ({
  text: `${before}${secret}${after}`,
  secret,
});

const keyBody = (kind: string, magic: string) =>
  `-----BEGIN ${kind}PRIVATE KEY-----\n${magic}${alnum(62)}\n${alnum(64)}\n${alnum(40)}==\n-----END ${kind}PRIVATE KEY-----`;

/** A 1Password service-account token: `ops_` and a base64 JSON object (its length makes it end in `fQ==`). */
function onePasswordToken(): string {
  let json = JSON.stringify({
    email: 'fake@1passwordserviceaccounts.lcl',
    secretKey: alnum(40),
    srpX: hex(64),
  });
  while (json.length % 3 !== 1) json = json.replace('"email"', ' "email"');
  return `ops_${base64(json)}`;
}

const gcpKeyFile = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'fake-project',
    private_key_id: hex(40),
    private_key: `${keyBody('', 'MII')}\n`,
    client_email: 'bot@fake-project.iam.gserviceaccount.com',
  },
  null,
  2,
);

/** One sample per rule of secretlint's recommended preset, by the host's name for it. */
export const PRESET_SAMPLES: Readonly<Record<string, CredentialSample>> = {
  'secretlint/aws': sample('aws_secret_access_key = ', `Zq8RtXUtnFEMI/K7MDENG/bPxRfiCY${'FAKEKEY123'}`, '\n'),
  'secretlint/gcp': { text: gcpKeyFile, secret: gcpKeyFile },
  'secretlint/privatekey': sample('Your key:\n', keyBody('RSA ', 'MII'), '\nKeep it safe.'),
  'secretlint/npm': sample('//registry.npmjs.org/ uses ', `${'npm_'}${alnum(36)}`, ' for publishing'),
  'secretlint/basicauth': sample(`curl ${'https://'}deploy:`, 'pa55-w0rd_x', '@example.com/hook'),
  'secretlint/slack': sample('bot token ', `${'xoxb-'}123456789012-1234567890123-${alnum(24)}`, '.'),
  'secretlint/sendgrid': sample('SENDGRID=', `${'SG.'}${alnum(22)}.${alnum(43)}`),
  'secretlint/shopify': sample('admin token ', `${'shpat_'}${hex(32)}`),
  'secretlint/github': sample('token ', `${'ghp_'}${alnum(36)}`, ' created'),
  'secretlint/gitlab': sample('GITLAB ', `${'glpat-'}${alnum(20)}`),
  'secretlint/grafana': sample('grafana ', `${'glsa_'}${alnum(32)}_${hex(8)}`),
  'secretlint/openai': sample('key: ', `${'sk-'}${alnum(20)}${'T3Blbk'}FJ${alnum(20)}`),
  'secretlint/anthropic': sample('ANTHROPIC_API_KEY ', `${'sk-ant-'}api03-${alnum(93)}AA`),
  'secretlint/groq': sample('groq ', `${'gsk_'}${alnum(52)}`),
  'secretlint/huggingface': sample('hf token ', `${'hf_'}${letters(34)}`),
  'secretlint/linear': sample('linear ', `${'lin_api_'}${alnum(40)}`),
  'secretlint/notion': sample('notion ', `${'ntn_'}12345678901${alnum(35)}`),
  'secretlint/1password': sample('OP_SERVICE_ACCOUNT ', onePasswordToken()),
  'secretlint/database-connection-string': sample(
    `DATABASE_URL=${'postgres://'}app:`,
    's3cr3t-Pa55',
    '@db.internal:5432/app',
  ),
  'secretlint/hashicorp-vault': sample('vault ', `${'hvs.'}${alnum(95)}`),
  'secretlint/vercel': sample('vercel ', `${'vcp_'}${alnum(30)}`),
  'secretlint/databricks': sample('databricks ', `${'dapi'}${hex(32)}`),
  'secretlint/docker': sample('docker login -p ', `${'dckr_pat_'}${alnum(27)}`),
  'secretlint/figma': sample('figma ', `${'figd_'}${alnum(45)}`),
};

/** One sample per host rule. */
export const HOST_SAMPLES: Readonly<Record<string, CredentialSample>> = {
  'pem-private-key': sample('id_ed25519:\n', keyBody('OPENSSH ', 'b3BlbnNzaC1rZXktdjE'), '\n'),
  'aws-access-key-id': sample('AccessKeyId: ', `${'AKIA'}Q7RZ2XN4FAKE0KEY`, ', region eu-west-1'),
  'anthropic-api-key': sample('admin key ', `${'sk-ant-'}admin01-${alnum(40)}`),
  'openai-api-key': sample('key: ', `${'sk-'}proj-${alnum(48)}`),
  'slack-token': sample('app token ', `${'xapp-'}1-A0123456789-1234567890123-${hex(64)}`, '\n'),
  'stripe-secret-key': sample('stripe ', `${'sk_'}live_${alnum(24)}`),
  'google-api-key': sample('maps key ', `${'AIza'}${alnum(35)}`, ' ok'),
  jwt: sample('Bearer ', `${'eyJ'}hbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${alnum(43)}`),
  'pypi-token': sample('password = ', `${'pypi-'}AgEIcHlwaS5vcmc${alnum(60)}`),
  'mailgun-api-key': sample('MAILGUN ', `${'key-'}${hex(32)}`),
  'twilio-api-key': sample('api key sid ', `${'SK'}${hex(32)}`),
  'telegram-bot-token': sample(
    `${'https://'}api.telegram.org/bot`,
    `123456789:AA${alnum(33)}`,
    '/sendMessage',
  ),
  'azure-storage-key': sample(
    'DefaultEndpointsProtocol=https;AccountName=fakeacct;AccountKey=',
    `${alnum(86)}==`,
    ';EndpointSuffix=core.windows.net',
  ),
  'connection-string-password': sample(`${'postgres://'}u:`, 'p@ss/w@rd', '@db:5432/x'),
  'authorization-header': sample('Authorization: Bearer ', alnum(40), '\nAccept: */*'),
  'secret-assignment': sample('password: "', 'hunter2-Fake', '"'),
};

export const SAMPLES: Readonly<Record<string, CredentialSample>> = { ...HOST_SAMPLES, ...PRESET_SAMPLES };
