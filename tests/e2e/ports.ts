export const HOST_PORT = Number(process.env.E2E_HOST_PORT ?? 3311);
export const BARE_HOST_PORT = HOST_PORT + 1;
export const FAKE_LLM_PORT = Number(process.env.E2E_FAKE_LLM_PORT ?? 4311);
export const FAKE_LLM_URL = `http://127.0.0.1:${FAKE_LLM_PORT}`;
export const DEMO_PORT_BASE = Number(process.env.E2E_DEMO_PORT_BASE ?? 3451);
export const PASSKEY_PORT = Number(process.env.E2E_PASSKEY_PORT ?? 3321);
/** A host in hosted mode (AUTH_MODE=passkey) on PostgreSQL, for the sign-in tests. */
export const HOSTED_HOST_PORT = HOST_PORT + 2;
export const HOSTED_PASSKEY_PORT = PASSKEY_PORT + 1;
export const HOSTED_DEMO_PORT_BASE = DEMO_PORT_BASE - 10;
/** A second instance of the same hosted deployment (same database, Redis, secret and public origin). */
export const HOSTED_SECOND_PORT = HOST_PORT + 3;
/** A local host a test starts, kills and starts again itself (crash.spec.ts). */
export const CRASH_HOST_PORT = HOST_PORT + 4;
/**
 * The OAuth fixture (an authorization server and a protected MCP server) behind the hosted
 * deployment's `perUser` operator server (hosted-env.ts writes its host.config.json): control port,
 * authorization server, MCP server.
 */
export const HOSTED_OAUTH_PORT = FAKE_LLM_PORT + 60;
export const HOSTED_OAUTH_AS_PORT = HOSTED_OAUTH_PORT + 1;
export const HOSTED_OAUTH_RS_PORT = HOSTED_OAUTH_PORT + 2;

/** How long the e2e host's gates wait for an answer: longer in CI, whose machine runs much slower. */
export const GATE_TTL_MS = process.env.CI ? 60_000 : 10_000;

/**
 * The fault drill's own hosted deployment (faults.spec.ts), which it kills and cuts off from its
 * database and Redis: two instances, each with its passkey server and demo MCP servers. Clear of the
 * ports above and of the third hosted instance of hosted-lost-gate.spec.ts (HOST_PORT + 5).
 */
export const FAULTS_HOST_PORTS = [HOST_PORT + 6, HOST_PORT + 7] as const;
export const FAULTS_PASSKEY_PORTS = [PASSKEY_PORT + 5, PASSKEY_PORT + 6] as const;
export const FAULTS_DEMO_PORT_BASES = [DEMO_PORT_BASE + 20, DEMO_PORT_BASE + 30] as const;
