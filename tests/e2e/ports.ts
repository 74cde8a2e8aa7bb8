export const HOST_PORT = Number(process.env.E2E_HOST_PORT ?? 3311);
export const BARE_HOST_PORT = HOST_PORT + 1;
export const FAKE_LLM_PORT = Number(process.env.E2E_FAKE_LLM_PORT ?? 4311);
export const FAKE_LLM_URL = `http://127.0.0.1:${FAKE_LLM_PORT}`;
export const DEMO_PORT_BASE = Number(process.env.E2E_DEMO_PORT_BASE ?? 3451);
export const PASSKEY_PORT = Number(process.env.E2E_PASSKEY_PORT ?? 3321);
