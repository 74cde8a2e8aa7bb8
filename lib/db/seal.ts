import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A value sealed at rest with AES-256-GCM (node:crypto). The sealed form is one
 * string, `hk1.<iv>.<tag>.<ciphertext>` (base64url), so it fits a JSON column; the key id is the
 * format's version, a wrong key or a changed byte fails the GCM tag check.
 */
const PREFIX = 'hk1';

export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealError';
  }
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${PREFIX}.`);
}

export function seal(plain: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function unseal(sealed: string, key: Buffer): unknown {
  const [prefix, iv, tag, body] = sealed.split('.');
  if (prefix !== PREFIX || !iv || !tag || body === undefined)
    throw new SealError('A sealed value is malformed.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    throw new SealError(
      'A sealed value could not be opened: the host key (HOST_KEY, or $DATA_DIR/host.key) is not the key it was sealed with, or the stored value was altered.',
    );
  }
}
