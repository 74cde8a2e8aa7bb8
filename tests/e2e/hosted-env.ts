import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  FAKE_LLM_URL,
  HOSTED_DEMO_PORT_BASE,
  HOSTED_HOST_PORT,
  HOSTED_OAUTH_RS_PORT,
  HOSTED_PASSKEY_PORT,
  HOSTED_SECOND_PORT,
} from './ports';

export const HOSTED_DATABASE = 'mcplet_e2e_hosted';

/** The hosted-mode host under test: its PostgreSQL database is made anew for each run. */
export function hostedDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${HOSTED_DATABASE}`;
  return url.toString();
}

const HOSTED_CONFIG = '.data/e2e-hosted.config.json';
/** The operator's server each user of the hosted deployment connects to on their own. */
export const PER_USER_SERVER_ID = 'per-oauth';

/**
 * The OAuth fixture's authorization server behind the perUser server speaks https (a hosted host
 * refuses plain http OAuth endpoints): a throwaway self-signed certificate for localhost, trusted by
 * the hosts and the fixture through NODE_EXTRA_CA_CERTS.
 */
export const OAUTH_TLS = { key: '.data/e2e-oauth-tls/key.pem', cert: '.data/e2e-oauth-tls/cert.pem' };

function writeOAuthCertificate(): void {
  if (existsSync(OAUTH_TLS.key) && existsSync(OAUTH_TLS.cert)) return;
  mkdirSync('.data/e2e-oauth-tls', { recursive: true });
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      OAUTH_TLS.key,
      '-out',
      OAUTH_TLS.cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0)
    throw new Error(`openssl could not make the OAuth fixture's certificate: ${made.stderr}`);
}

/**
 * The hosted deployment's host.config.json: tests/e2e/hosted.config.json, and a `perUser` operator
 * server behind OAuth on this run's port (the fixture is one of Playwright's web servers).
 */
export function writeHostedConfig(): void {
  const base = JSON.parse(readFileSync('tests/e2e/hosted.config.json', 'utf8')) as Record<string, unknown>;
  const server = {
    id: PER_USER_SERVER_ID,
    name: 'Per-user OAuth',
    transport: { type: 'http', url: `http://localhost:${HOSTED_OAUTH_RS_PORT}/mcp` },
    admission: 'annotations',
    perUser: true,
  };
  writeOAuthCertificate();
  mkdirSync('.data', { recursive: true });
  writeFileSync(HOSTED_CONFIG, JSON.stringify({ ...base, servers: [server] }, null, 2));
}

/** What the hosted host and the operator's scripts run with. */
export const HOSTED_ENV = {
  AUTH_MODE: 'passkey',
  AUTH_SECRET: 'e2e-only-secret-e2e-only-secret-0123',
  HOST_KEY: '0f'.repeat(32),
  PUBLIC_ORIGIN: `http://localhost:${HOSTED_HOST_PORT}`,
  PORT: String(HOSTED_HOST_PORT),
  DATA_DIR: '.data/e2e-hosted',
  LLM_BASE_URL: `${FAKE_LLM_URL}/v1`,
  // Two, so a user's default model (settings.spec.ts) has another to pick.
  LLM_MODEL: 'fake-model,fake-model-2',
  DEMO_PORT_BASE: String(HOSTED_DEMO_PORT_BASE),
  PASSKEY_PORT: String(HOSTED_PASSKEY_PORT),
  HOST_CONFIG: HOSTED_CONFIG,
  // Sessions get a new token after 10 s here (12 hours by default): every hosted test runs across rotations.
  SESSION_ROTATE_SECONDS: '10',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  NODE_EXTRA_CA_CERTS: OAUTH_TLS.cert,
};

/** The second instance: its own port, data directory and helper processes; the deployment's shared parts. */
export const HOSTED_SECOND_ENV = {
  ...HOSTED_ENV,
  PORT: String(HOSTED_SECOND_PORT),
  DATA_DIR: '.data/e2e-hosted-2',
  DEMO_PORT_BASE: String(HOSTED_DEMO_PORT_BASE - 10),
  PASSKEY_PORT: String(HOSTED_PASSKEY_PORT + 1),
};
