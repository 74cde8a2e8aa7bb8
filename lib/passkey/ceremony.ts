'use client';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from './webauthn-browser';

export type CeremonyError = 'cancelled' | 'ceremony-failed';

/** WebAuthn refusals by the user or the authenticator (dismissed prompt, timeout) are cancellations. */
export function classify(error: unknown): CeremonyError {
  const name =
    (error as { name?: string; cause?: { name?: string } })?.cause?.name ??
    (error as { name?: string })?.name;
  return name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'ceremony-failed';
}

export function webAuthnAvailable(): boolean {
  return browserSupportsWebAuthn();
}

export async function post<T>(
  url: string,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; status: number; error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as T & { error?: string };
    return response.ok
      ? { ok: true, value: json }
      : { ok: false, status: response.status, error: json.error ?? `HTTP ${response.status}` };
  } catch {
    return { ok: false, status: 0, error: 'The host could not be reached.' };
  }
}

export async function hasPasskey(): Promise<
  { ok: true; registered: boolean; credentials: number } | { ok: false; status: number; error: string }
> {
  try {
    const response = await fetch('/api/passkey/status', { cache: 'no-store' });
    const json = (await response.json()) as { registered?: boolean; credentials?: number; error?: string };
    return response.ok
      ? { ok: true, registered: json.registered === true, credentials: json.credentials ?? 0 }
      : { ok: false, status: response.status, error: json.error ?? '' };
  } catch {
    return { ok: false, status: 0, error: 'The host could not be reached.' };
  }
}

export type Assertion = Awaited<ReturnType<typeof startAuthentication>>;

type RegistrationResult = { ok: true } | { ok: false; error: string; kind: CeremonyError | 'server' };

/**
 * Phase 3: creates a passkey for the user. It authorises nothing by itself. A user who has one
 * passes `assertion`, the proof from `addAnotherPasskey`.
 */
export async function registerPasskey(assertion?: Assertion): Promise<RegistrationResult> {
  const options = await post<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
    '/api/passkey/register',
    { step: 'options', assertion },
  );
  if (!options.ok) return { ok: false, error: options.error, kind: 'server' };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options.value.options });
  } catch (error) {
    return { ok: false, error: 'The passkey was not created.', kind: classify(error) };
  }
  const verified = await post<{ verified: boolean }>('/api/passkey/register', { step: 'verify', response });
  if (!verified.ok || !verified.value.verified)
    return {
      ok: false,
      error: verified.ok ? 'The passkey was not accepted.' : verified.error,
      kind: 'server',
    };
  return { ok: true };
}

/**
 * Adds another passkey: first an assertion with one the user has, answering a challenge issued
 * only for enrolment, then the registration ceremony. Nothing is added unless both succeed.
 */
export async function addAnotherPasskey(): Promise<RegistrationResult> {
  const challenge = await post<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    '/api/passkey/register',
    { step: 'enrol-challenge' },
  );
  if (!challenge.ok) return { ok: false, error: challenge.error, kind: 'server' };
  let assertion: Assertion;
  try {
    assertion = await startAuthentication({ optionsJSON: challenge.value.options });
  } catch (error) {
    const kind = classify(error);
    return {
      ok: false,
      kind,
      error:
        kind === 'cancelled'
          ? 'No passkey was added: the check with the passkey you have was cancelled.'
          : 'No passkey was added: the check with the passkey you have failed.',
    };
  }
  return registerPasskey(assertion);
}

/** Phase 4: fetches the challenge issued for this exact call and runs the ceremony. */
export async function confirmWithPasskey(gateId: string): Promise<
  | { ok: true; assertion: Assertion }
  | {
      ok: false;
      reason: CeremonyError | 'fido2-unavailable' | 'closed';
      error: string;
      /** A dismissal that came at the end of the prompt's time: the prompt timed out. */
      timedOut?: boolean;
    }
> {
  const challenge = await post<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>(
    `/api/gates/${encodeURIComponent(gateId)}/challenge`,
    {},
  );
  if (!challenge.ok) {
    return {
      ok: false,
      reason: challenge.status === 503 ? 'fido2-unavailable' : 'closed',
      error: challenge.error,
    };
  }
  const started = Date.now();
  try {
    return { ok: true, assertion: await startAuthentication({ optionsJSON: challenge.value.options }) };
  } catch (error) {
    const reason = classify(error);
    const timedOut =
      reason === 'cancelled' && promptTimedOut(challenge.value.options.timeout, Date.now() - started);
    return {
      ok: false,
      reason,
      error: reason === 'cancelled' ? 'The passkey prompt was dismissed.' : 'The passkey check failed.',
      ...(timedOut ? { timedOut } : {}),
    };
  }
}

/**
 * WebAuthn gives one error (NotAllowedError) for a dismissed prompt, a prompt that timed out and a
 * device with no passkey for this site, so that a page cannot learn which passkeys exist. Only the
 * time tells a time-out: the prompt ended at (nearly) the time the options gave it.
 */
export function promptTimedOut(timeoutMs: number | undefined, elapsedMs: number): boolean {
  return timeoutMs !== undefined && timeoutMs > 0 && elapsedMs >= timeoutMs * 0.95;
}
