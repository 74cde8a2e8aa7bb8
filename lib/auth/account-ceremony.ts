'use client';
import { classify } from '../passkey/ceremony';
import { startAuthentication, startRegistration } from '../passkey/webauthn-browser';
import { linkContext, signUpContext } from './registration-context';

/**
 * The browser's half of hosted sign-in: passkey ceremonies against Better Auth's endpoints
 * (`/api/auth/passkey/*`), whose answers set the session cookie. These are sign-in credentials;
 * spec 7's action passkeys (lib/passkey/ceremony.ts) are separate, even on the same authenticator.
 */
export type AccountResult = { ok: true } | { ok: false; error: string; cancelled: boolean };

async function call<T>(
  url: string,
  init?: RequestInit,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, { cache: 'no-store', ...init });
    const json = (await response.json().catch(() => ({}))) as T & { message?: string; error?: string };
    if (response.ok) return { ok: true, value: json };
    return { ok: false, error: json.message ?? json.error ?? `HTTP ${response.status}` };
  } catch {
    return { ok: false, error: 'The host could not be reached.' };
  }
}

function postJson(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

function refused(error: unknown, what: string): AccountResult {
  const name =
    (error as { name?: string; cause?: { name?: string } })?.cause?.name ??
    (error as { name?: string })?.name;
  if (name === 'InvalidStateError')
    return {
      ok: false,
      cancelled: false,
      error: 'This device already holds a passkey for your account; nothing changed.',
    };
  const cancelled = classify(error) === 'cancelled';
  return {
    ok: false,
    cancelled,
    error: cancelled ? `${what} was cancelled; nothing changed.` : `${what} failed.`,
  };
}

/** Creates an account with a new passkey and signs it in (no session yet; an invitation if sign-up needs one). */
export async function signUpWithPasskey(name: string, invite?: string): Promise<AccountResult> {
  return registerAccountPasskey({ context: signUpContext(name, invite) }, true);
}

/** Adds a passkey on this device to the account a one-time link names, and signs in with it. */
export async function joinWithLink(link: string): Promise<AccountResult> {
  return registerAccountPasskey({ context: linkContext(link) }, true);
}

/** Signed in: adds a passkey on this device (a second device, or a spare for recovery). */
export async function addAccountPasskey(label: string): Promise<AccountResult> {
  return registerAccountPasskey({ name: label }, false);
}

async function registerAccountPasskey(
  query: Record<string, string>,
  createSession: boolean,
): Promise<AccountResult> {
  const what = createSession ? 'Creating the account' : 'Adding the passkey';
  const options = await call<RegistrationOptions>(
    `/api/auth/passkey/generate-register-options?${new URLSearchParams(query)}`,
  );
  if (!options.ok) return { ok: false, cancelled: false, error: options.error };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: options.value });
  } catch (error) {
    return refused(error, what);
  }
  const verified = await call('/api/auth/passkey/verify-registration', postJson({ response, createSession }));
  return verified.ok ? { ok: true } : { ok: false, cancelled: false, error: verified.error };
}

/** Signs in with a passkey the authenticator finds by itself (discoverable credential). */
export async function signInWithPasskey(): Promise<AccountResult> {
  const options = await call<AuthenticationOptions>('/api/auth/passkey/generate-authenticate-options');
  if (!options.ok) return { ok: false, cancelled: false, error: options.error };
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.value });
  } catch (error) {
    return refused(error, 'Signing in');
  }
  const verified = await call('/api/auth/passkey/verify-authentication', postJson({ response }));
  return verified.ok ? { ok: true } : { ok: false, cancelled: false, error: verified.error };
}

export async function signOut(): Promise<AccountResult> {
  const done = await call('/api/auth/sign-out', postJson({}));
  return done.ok ? { ok: true } : { ok: false, cancelled: false, error: done.error };
}
