import 'server-only';
import { envSetting } from '../config/env-settings';

/** A whole number from the environment, within the bounds lib/config/env-settings.ts declares for it. */
function intFromEnv(name: 'LLM_TIMEOUT_MS' | 'LLM_MAX_RETRIES', fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const min = envSetting(name)?.min ?? Number.MIN_SAFE_INTEGER;
  const max = envSetting(name)?.max ?? Number.MAX_SAFE_INTEGER;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function llmSettings() {
  return {
    timeoutMs: intFromEnv('LLM_TIMEOUT_MS', 120_000),
    maxRetries: intFromEnv('LLM_MAX_RETRIES', 2),
  };
}
