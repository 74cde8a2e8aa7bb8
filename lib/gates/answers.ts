import type { ErrorCode } from '../mcplet/envelope';

/** Why a gate was not passed; each maps to the error the model and the view receive (7.4, 9.1). */
export type RefusalReason =
  | 'cancelled'
  | 'expired'
  | 'webauthn-unavailable'
  | 'ceremony-failed'
  | 'fido2-unavailable'
  | 'lost';

/** The reasons the browser may give with a refusal. */
export const ANSWER_REASONS = [
  'cancelled',
  'expired',
  'webauthn-unavailable',
  'ceremony-failed',
  'fido2-unavailable',
] as const satisfies readonly RefusalReason[];

/**
 * Every reason, the host's own included: `lost` is never the browser's to give, only the host's,
 * when the instance whose turn waited on the call is gone (docs/architecture.md, "Approvals that
 * outlive their instance").
 */
export const REFUSAL_REASONS: RefusalReason[] = [...ANSWER_REASONS, 'lost'];

/** What the user is told when a model's call was lost with the instance that ran its turn. */
export const LOST_WORDS = 'This request was lost when the server restarted; nothing was sent.';

const REFUSALS: Record<RefusalReason, { code: ErrorCode; message: string }> = {
  cancelled: { code: 'AUTH_REQUIRED', message: 'The user cancelled the confirmation, so nothing was done.' },
  expired: { code: 'AUTH_REQUIRED', message: 'The confirmation timed out, so nothing was done.' },
  'webauthn-unavailable': {
    code: 'AUTH_REQUIRED',
    message: 'This browser cannot use passkeys, so the action was not run.',
  },
  'ceremony-failed': { code: 'AUTH_FAILED', message: 'The passkey check failed, so the action was not run.' },
  'fido2-unavailable': {
    code: 'SERVICE_UNAVAILABLE',
    message: 'The passkey server cannot be reached, so the action was not run.',
  },
  lost: { code: 'AUTH_REQUIRED', message: LOST_WORDS },
};

export interface Refusal {
  verdict: 'refused';
  code: ErrorCode;
  message: string;
  reason: RefusalReason;
}

export function refusalFor(reason: RefusalReason): Refusal {
  return { verdict: 'refused', ...REFUSALS[reason], reason };
}

/** The same refusal told to the user who gave it (a view shows it): the model's text speaks of "the user". */
export function refusalWords(reason: RefusalReason): string {
  return reason === 'cancelled'
    ? 'You cancelled this action, so nothing was done.'
    : REFUSALS[reason].message;
}

/** The code of a call stopped at its gate before anything was sent (the user's answer, or its absence). */
export const USER_ANSWER_CODE: ErrorCode = 'AUTH_REQUIRED';

/**
 * The envelope's sentence (written for the model, about "the user") as the user who answered reads
 * it on the call's card; a sentence that is not a known refusal is shown as it is.
 */
export function userAnswerWords(message: string | undefined): string {
  const reason = REFUSAL_REASONS.find((r) => REFUSALS[r].message === message);
  return reason ? refusalWords(reason) : (message ?? 'Nothing was sent, so nothing was done.');
}

export interface GateAnswer {
  approved: boolean;
  reason?: RefusalReason;
  /** WebAuthn AuthenticationResponseJSON from the browser (passkey gates). */
  assertion?: unknown;
}

/** `params._meta.mcplet_auth` (spec 7.3.1), plus the credential id the FIDO2 server needs. */
export interface McpletAuth {
  type: 'passkey_assertion';
  credentialId: string;
  challenge: string;
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}

const B64URL = /^[A-Za-z0-9_-]{1,20000}$/;

/**
 * Turns the browser's assertion into `mcplet_auth`, checking that it answers the challenge issued
 * for this call. The signature itself is the MCPlet backend's to verify, with the FIDO2 server.
 */
export function toMcpletAuth(assertion: unknown, challenge: string): McpletAuth | null {
  const a = assertion as { id?: unknown; response?: Record<string, unknown> } | null;
  const r = a?.response;
  if (!a || !r || typeof a.id !== 'string' || !B64URL.test(a.id)) return null;
  for (const field of ['clientDataJSON', 'authenticatorData', 'signature'] as const) {
    if (typeof r[field] !== 'string' || !B64URL.test(r[field] as string)) return null;
  }
  try {
    const client = JSON.parse(Buffer.from(r.clientDataJSON as string, 'base64url').toString('utf8')) as {
      type?: string;
      challenge?: string;
    };
    if (client.type !== 'webauthn.get' || client.challenge !== challenge) return null;
  } catch {
    return null;
  }
  return {
    type: 'passkey_assertion',
    credentialId: a.id,
    challenge,
    clientDataJSON: r.clientDataJSON as string,
    authenticatorData: r.authenticatorData as string,
    signature: r.signature as string,
    ...(typeof r.userHandle === 'string' && B64URL.test(r.userHandle) ? { userHandle: r.userHandle } : {}),
  };
}
