function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function llmSettings() {
  return {
    timeoutMs: intFromEnv('LLM_TIMEOUT_MS', 120_000, 1_000, 900_000),
    maxRetries: intFromEnv('LLM_MAX_RETRIES', 2, 0, 10),
  };
}
