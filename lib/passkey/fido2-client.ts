import 'server-only';

export class Fido2Unavailable extends Error {}
export class Fido2Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The FIDO2 server: `FIDO2_SERVER_URL`, else the one `npm start` runs on `PASSKEY_PORT`. */
export function fido2Url(env: Record<string, string | undefined> = process.env): string {
  return (env.FIDO2_SERVER_URL ?? `http://127.0.0.1:${env.PASSKEY_PORT ?? '3400'}`).replace(/\/+$/, '');
}

async function call<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${fido2Url()}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    throw new Fido2Unavailable('The passkey server cannot be reached.');
  }
  if (response.status >= 500) throw new Fido2Unavailable('The passkey server failed.');
  const json = (await response.json().catch(() => ({}))) as T & { error?: string; reason?: string };
  if (!response.ok)
    throw new Fido2Refused(json.error ?? json.reason ?? `HTTP ${response.status}`, response.status);
  return json;
}

export function passkeyStatus(userId: string) {
  return call<{ registered: boolean; credentials: number }>(`/users/${encodeURIComponent(userId)}`);
}

/**
 * `enrolment` is the assertion answering an enrolment challenge; the FIDO2 server requires it once
 * the user has a credential, and says which rule let the registration begin.
 */
export function registrationOptions(userId: string, userName: string, enrolment?: unknown) {
  return call<{ options: unknown; enrolment?: 'first' | 'proved' }>('/registration/options', {
    userId,
    userName,
    enrolment,
  });
}

/** An assertion challenge for "enrol a new credential for this user", never valid for a call. */
export function enrolmentChallenge(userId: string) {
  return call<{ options: unknown; challenge: string; expiresAt: number }>('/enrolment/challenge', { userId });
}

export function verifyRegistration(userId: string, response: unknown) {
  return call<{ verified: boolean; reason?: string }>('/registration/verify', { userId, response });
}

/** Phase 4: an assertion challenge bound to the exact call (server, tool, arguments). */
export function assertionChallenge(
  userId: string,
  binding: { server: string; tool: string; arguments: Record<string, unknown> },
) {
  return call<{ options: unknown; challenge: string; expiresAt: number }>('/auth/challenge', {
    userId,
    binding,
  });
}
