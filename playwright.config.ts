import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from './tests/e2e/chromium';
import {
  HOSTED_DATABASE,
  HOSTED_ENV,
  HOSTED_SECOND_ENV,
  hostedDatabaseUrl,
  OAUTH_TLS,
  writeHostedConfig,
} from './tests/e2e/hosted-env';
import {
  BARE_HOST_PORT,
  DEMO_PORT_BASE,
  FAKE_LLM_PORT,
  FAKE_LLM_URL,
  GATE_TTL_MS,
  HOST_PORT,
  HOSTED_HOST_PORT,
  HOSTED_OAUTH_AS_PORT,
  HOSTED_OAUTH_PORT,
  HOSTED_OAUTH_RS_PORT,
  HOSTED_SECOND_PORT,
  PASSKEY_PORT,
} from './tests/e2e/ports';

const executablePath = resolveChromium();
writeHostedConfig();
const common = { LLM_MAX_RETRIES: '0', LLM_TIMEOUT_MS: '4000', OLLAMA_BASE_URL: 'http://127.0.0.1:9' };

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // CI runs on the submitting session's machine, which can be several times slower than a
  // developer's (a whole page's boot under two workers has taken 20 s there): more time, same checks.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://localhost:${HOST_PORT}`,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: 'npx tsx tests/fixtures/fake-llm/main.ts',
      url: `${FAKE_LLM_URL}/v1/models`,
      env: { FAKE_LLM_PORT: String(FAKE_LLM_PORT) },
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'npx tsx tests/e2e/serve-host.ts',
      url: `http://localhost:${HOST_PORT}/api/models`,
      env: {
        ...common,
        PORT: String(HOST_PORT),
        DATA_DIR: '.data/e2e',
        LLM_BASE_URL: `${FAKE_LLM_URL}/v1`,
        LLM_MODEL: 'fake-model,fake-model-2',
        DEMO_PORT_BASE: String(DEMO_PORT_BASE),
        PASSKEY_PORT: String(PASSKEY_PORT),
        GATE_TTL_MS: String(GATE_TTL_MS),
        HOST_CONFIG: 'tests/e2e/host.config.json',
      },
      // This one builds the host first when sources changed: minutes on a loaded two-core machine.
      timeout: 360_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'npx tsx tests/e2e/serve-host.ts',
      url: `http://localhost:${BARE_HOST_PORT}/api/models`,
      env: {
        ...common,
        PORT: String(BARE_HOST_PORT),
        DATA_DIR: '.data/e2e-bare',
        SKIP_BUILD: '1',
        DEMO_PORT_BASE: String(DEMO_PORT_BASE + 10),
        FIDO2_SERVER_URL: 'http://127.0.0.1:9',
      },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The OAuth fixture behind the hosted deployment's perUser operator server.
      command: 'npx tsx tests/fixtures/oauth/main.ts',
      url: `http://127.0.0.1:${HOSTED_OAUTH_PORT}/state`,
      env: {
        PORT: String(HOSTED_OAUTH_PORT),
        AS_PORT: String(HOSTED_OAUTH_AS_PORT),
        RS_PORT: String(HOSTED_OAUTH_RS_PORT),
        AS_TLS_KEY: OAUTH_TLS.key,
        AS_TLS_CERT: OAUTH_TLS.cert,
        NODE_EXTRA_CA_CERTS: OAUTH_TLS.cert,
      },
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // Hosted mode, on a PostgreSQL database of its own made anew for each run.
      command: 'npx tsx tests/e2e/serve-host.ts',
      url: `http://localhost:${HOSTED_HOST_PORT}/healthz`,
      env: { ...common, ...HOSTED_ENV, E2E_FRESH_DATABASE: HOSTED_DATABASE, SKIP_BUILD: '1' },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // A second instance of that deployment, on the database the first one made.
      command: 'npx tsx tests/e2e/serve-host.ts',
      url: `http://localhost:${HOSTED_SECOND_PORT}/healthz`,
      env: { ...common, ...HOSTED_SECOND_ENV, DATABASE_URL: hostedDatabaseUrl(), SKIP_BUILD: '1' },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
