import 'server-only';
import { isSealed, SealError, seal, unseal } from './seal';

/**
 * A user's server registration as stored: the headers of a URL server (a bearer token, an API key
 * header) are secrets, so they are sealed under the host key (seal.ts) inside the row, as OAuth
 * tokens are (server_auth); the rest of the registration stays readable. Reading opens them again,
 * so everything above the query layer sees the registration as it was given.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The registration with `transport.headers` sealed into one string (unchanged when it has none). */
export function sealHeaders(registration: unknown, key: () => Buffer): unknown {
  if (!isRecord(registration) || !isRecord(registration.transport)) return registration;
  const { headers } = registration.transport;
  if (!isRecord(headers) || Object.keys(headers).length === 0) return registration;
  return { ...registration, transport: { ...registration.transport, headers: seal(headers, key()) } };
}

/**
 * The registration with its sealed headers opened. A row whose headers cannot be opened (another
 * host key) is no registration: `undefined`, which the registry refuses to load, rather than a
 * server that connects without its credentials.
 */
export function openHeaders(stored: unknown, key: () => Buffer): unknown {
  if (!isRecord(stored) || !isRecord(stored.transport) || !isSealed(stored.transport.headers)) return stored;
  try {
    return {
      ...stored,
      transport: { ...stored.transport, headers: unseal(stored.transport.headers, key()) },
    };
  } catch (error) {
    if (error instanceof SealError) return undefined;
    throw error;
  }
}
