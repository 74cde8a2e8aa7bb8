import 'server-only';
import { sql } from 'kysely';
import { getDb } from '../db';
import { fido2Url } from '../passkey/fido2-client';
import { getRedis } from '../redis/client';

export type CheckResult = 'ok' | string;

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(what: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([what, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(run: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await within(run());
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message.slice(0, 200) : 'failed';
  }
}

/** What the host needs to serve requests: its database, the FIDO2 server, Redis when set. */
export async function readiness(): Promise<Readiness> {
  const [database, passkeyServer, redis] = await Promise.all([
    check(async () => sql`select 1`.execute(await getDb())),
    check(async () => {
      const response = await fetch(`${fido2Url()}/health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
    }),
    process.env.REDIS_URL ? check(async () => (await getRedis()).ping()) : Promise.resolve(null),
  ]);
  const checks: Record<string, CheckResult> = { database, passkeyServer, ...(redis ? { redis } : {}) };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
