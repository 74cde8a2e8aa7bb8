import 'server-only';
import type { SessionUser } from '../auth/session';
import { type McpletAuth, toMcpletAuth } from '../gates/answers';
import { Fido2Refused, passkeyStatus, registrationOptions } from './fido2-client';

export const ENROLMENT_NEEDS_PROOF = 'Adding another passkey needs an assertion with one you already have.';

/** A registration the host refuses to begin: the user has a passkey and proved none (docs/security.md, "Passkey assertions"). */
export class EnrolmentRefused extends Error {
  readonly status = 403;
}

/**
 * The browser's assertion in the form the FIDO2 server checks. The challenge is read from the
 * signed client data; whether it is an enrolment challenge issued for this user, and whether the
 * signature is by one of their credentials, is the FIDO2 server's to verify.
 */
export function enrolmentProof(assertion: unknown): McpletAuth | null {
  const clientData = (assertion as { response?: { clientDataJSON?: unknown } } | null)?.response
    ?.clientDataJSON;
  if (typeof clientData !== 'string') return null;
  try {
    const { challenge } = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof challenge === 'string' ? toMcpletAuth(assertion, challenge) : null;
  } catch {
    return null;
  }
}

/**
 * Phase 3 registration options. A user's first passkey needs no proof (it authorises nothing);
 * another needs an assertion by one they have. The host checks this itself and also requires the
 * FIDO2 server to confirm the proof, so a server that ignores the contract fails closed.
 */
export async function beginRegistration(
  user: SessionUser,
  assertion?: unknown,
): Promise<{ options: unknown }> {
  const status = await passkeyStatus(user.id);
  if (!status.registered) return refusedAs403(() => registrationOptions(user.id, user.displayName));
  if (assertion === undefined) throw new EnrolmentRefused(ENROLMENT_NEEDS_PROOF);
  const proof = enrolmentProof(assertion);
  if (!proof)
    throw new EnrolmentRefused(`${ENROLMENT_NEEDS_PROOF} What was sent is not a passkey assertion.`);
  const started = await refusedAs403(() => registrationOptions(user.id, user.displayName, proof));
  if (started.enrolment !== 'proved')
    throw new EnrolmentRefused(`${ENROLMENT_NEEDS_PROOF} The passkey server did not confirm the assertion.`);
  return { options: started.options };
}

async function refusedAs403<T extends { options: unknown }>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof Fido2Refused && error.status === 403) throw new EnrolmentRefused(error.message);
    throw error;
  }
}
