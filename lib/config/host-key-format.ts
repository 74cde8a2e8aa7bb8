/**
 * The form of `HOST_KEY`: 32 bytes, as 64 hex characters or base64 (`openssl rand -hex 32`). Pure
 * (no `server-only`): the start script checks the variable before anything starts, and the sealing
 * code (lib/db/host-key.ts) reads the key with the same rule.
 */
export const HOST_KEY_FORM =
  'HOST_KEY must be 32 bytes, as 64 hex characters or base64 (openssl rand -hex 32).';

/** The key's 32 bytes, or null when the text is not one. */
export function hostKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : null;
}
