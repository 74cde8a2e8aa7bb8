import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type DeploymentMode, deploymentMode } from '../config/deployment';
import { HOST_KEY_FORM, hostKeyBytes } from '../config/host-key-format';
import { SealError } from './seal';

/**
 * The host key that seals sensitive tool outputs at rest: `HOST_KEY` from the
 * environment, 32 bytes as 64 hex characters or base64 (`openssl rand -hex 32`); else, in local mode,
 * one generated on first use under `$DATA_DIR/host.key` (mode 0600) and reused after that. Hosted
 * mode requires `HOST_KEY`.
 */
export function parseHostKey(text: string): Buffer {
  const key = hostKeyBytes(text);
  if (!key) throw new SealError(HOST_KEY_FORM);
  return key;
}

export function hostKeyFile(env: Record<string, string | undefined> = process.env): string {
  return join(env.DATA_DIR ?? join(process.cwd(), '.data'), 'host.key');
}

const cache = globalThis as unknown as { __mcpletHostKey?: { source: string; key: Buffer } };

export function hostKey(
  env: Record<string, string | undefined> = process.env,
  mode: DeploymentMode = deploymentMode(env),
): Buffer {
  // A hosted deployment's key belongs to its operator: nothing is generated on a shared disk.
  if (mode === 'hosted' && !env.HOST_KEY) throw new SealError('HOST_KEY is required in hosted mode.');
  const source = env.HOST_KEY ? `env:${env.HOST_KEY}` : `file:${hostKeyFile(env)}`;
  if (cache.__mcpletHostKey?.source === source) return cache.__mcpletHostKey.key;
  let key: Buffer;
  if (env.HOST_KEY) key = parseHostKey(env.HOST_KEY);
  else {
    const file = hostKeyFile(env);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      // `wx`: two processes starting at once do not overwrite each other's key.
      try {
        writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    chmodSync(file, 0o600);
    key = parseHostKey(readFileSync(file, 'utf8'));
  }
  cache.__mcpletHostKey = { source, key };
  return key;
}
