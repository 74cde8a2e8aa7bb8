'use client';
import { type Assertion, type CeremonyError, classify, post } from './ceremony';
import { startAuthentication, startRegistration } from './webauthn-browser';

type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

export type VerifiedChallenge =
  | {
      kind: 'challenge';
      displayText: string;
      requestOptions: RequestOptions;
      expiresAt?: string;
      authenticatorClass: 'cross-platform' | 'platform';
    }
  | { kind: 'enrol' };

const path = (gateId: string) => `/api/gates/${encodeURIComponent(gateId)}/verified`;

/** SEP-2672: the MCP server's challenge for this exact call, or `enrol` on first use. */
export async function fetchVerifiedChallenge(
  gateId: string,
): Promise<{ ok: true; value: VerifiedChallenge } | { ok: false; status: number; error: string }> {
  return post<VerifiedChallenge>(path(gateId), { step: 'challenge' });
}

/** The server's enrolment ceremony: its creation options, the new passkey, its verdict. */
export async function enrolWithServer(
  gateId: string,
): Promise<{ ok: true } | { ok: false; kind: CeremonyError | 'server'; error: string }> {
  const begun = await post<{ options: CreationOptions }>(path(gateId), { step: 'enrol-begin' });
  if (!begun.ok) return { ok: false, kind: 'server', error: begun.error };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: begun.value.options });
  } catch (error) {
    const kind = classify(error);
    return {
      ok: false,
      kind,
      error: kind === 'cancelled' ? 'The passkey was not created.' : 'Creating the passkey failed.',
    };
  }
  const finished = await post<{ enrolled: true }>(path(gateId), { step: 'enrol-finish', response });
  return finished.ok ? { ok: true } : { ok: false, kind: 'server', error: finished.error };
}

/** The ceremony over the server's request options; the assertion is forwarded unmodified. */
export async function approveWithServerChallenge(
  requestOptions: RequestOptions,
): Promise<{ ok: true; assertion: Assertion } | { ok: false; reason: CeremonyError; error: string }> {
  try {
    return { ok: true, assertion: await startAuthentication({ optionsJSON: requestOptions }) };
  } catch (error) {
    const reason = classify(error);
    return {
      ok: false,
      reason,
      error: reason === 'cancelled' ? 'The passkey prompt was dismissed.' : 'The passkey check failed.',
    };
  }
}
