import {
  FAKE_LLM_URL,
  HOSTED_DEMO_PORT_BASE,
  HOSTED_HOST_PORT,
  HOSTED_PASSKEY_PORT,
  HOSTED_SECOND_PORT,
} from './ports';

export const HOSTED_DATABASE = 'mcplet_e2e_hosted';

/** The hosted-mode host under test (issue 16): its PostgreSQL database is made anew for each run. */
export function hostedDatabaseUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${HOSTED_DATABASE}`;
  return url.toString();
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
  LLM_MODEL: 'fake-model',
  DEMO_PORT_BASE: String(HOSTED_DEMO_PORT_BASE),
  PASSKEY_PORT: String(HOSTED_PASSKEY_PORT),
  HOST_CONFIG: 'tests/e2e/hosted.config.json',
  // Sessions get a new token after 10 s here (12 hours by default): every hosted test runs across rotations.
  SESSION_ROTATE_SECONDS: '10',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** The second instance: its own port, data directory and helper processes; the deployment's shared parts. */
export const HOSTED_SECOND_ENV = {
  ...HOSTED_ENV,
  PORT: String(HOSTED_SECOND_PORT),
  DATA_DIR: '.data/e2e-hosted-2',
  DEMO_PORT_BASE: String(HOSTED_DEMO_PORT_BASE - 10),
  PASSKEY_PORT: String(HOSTED_PASSKEY_PORT + 1),
};
