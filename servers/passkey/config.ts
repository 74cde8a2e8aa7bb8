import { join } from 'node:path';
import type { PasskeyConfig } from './app';

/** rpId and origin must agree across the host, the FIDO2 server and the MCPlet backend (spec 7.4). */
export function passkeyConfig(env: Record<string, string | undefined> = process.env): PasskeyConfig {
  const hostOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? '3000'}`).replace(/\/+$/, '');
  const origins = (env.PASSKEY_ORIGINS ?? hostOrigin)
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    rpId: env.PASSKEY_RP_ID ?? new URL(origins[0] ?? hostOrigin).hostname,
    rpName: env.PASSKEY_RP_NAME ?? 'MCPlet Host',
    origins,
    storeFile: env.PASSKEY_STORE ?? join(env.DATA_DIR ?? '.data', 'passkey', 'credentials.json'),
  };
}

export function passkeyPort(env: Record<string, string | undefined> = process.env): number {
  return Number(env.PASSKEY_PORT ?? 3400);
}
