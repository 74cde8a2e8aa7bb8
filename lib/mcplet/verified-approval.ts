/**
 * SEP-2672, per-call verified approval: what a tool's listing
 * declares, the `_meta` of a call's evidence, and the refusal reasons in the user's words. Pure.
 */
export const VERIFIED_APPROVAL_KEY = 'io.modelcontextprotocol/verified-approval';

/** JSON-RPC code of every approval refusal; branch on `data.reason`, never on the message. */
export const APPROVAL_ERROR_CODE = -32001;

export type AuthenticatorClass = 'cross-platform' | 'platform';

export interface VerifiedApproval {
  authenticatorClass: AuthenticatorClass;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Discovery: `_meta["io.modelcontextprotocol/verified-approval"].required === "verified"`. An omitted
 * class is cross-platform; an unknown one is refused (the tool cannot be approved as declared).
 * Unknown sibling fields are tolerated.
 */
export function readVerifiedApproval(meta: unknown): { approval?: VerifiedApproval; error?: string } {
  if (!isRecord(meta)) return {};
  const value = meta[VERIFIED_APPROVAL_KEY];
  if (value === undefined) return {};
  if (!isRecord(value) || value.required !== 'verified')
    return { error: `SEP-2672: _meta["${VERIFIED_APPROVAL_KEY}"].required must be "verified"` };
  const cls = value.authenticatorClass ?? 'cross-platform';
  if (cls !== 'cross-platform' && cls !== 'platform')
    return { error: `SEP-2672: authenticatorClass must be "cross-platform" or "platform"` };
  return { approval: { authenticatorClass: cls } };
}

/** The evidence a verified call carries in `params._meta`: the assertion unmodified, one challenge. */
export function approvalEvidence(challengeId: string, response: unknown): Record<string, unknown> {
  return { [VERIFIED_APPROVAL_KEY]: { method: 'webauthn', challengeId, response } };
}

const REASON_TEXT: Record<string, string> = {
  missing_evidence: 'the call reached the server without an approval',
  unsupported_method: 'the server does not accept this kind of approval',
  challenge_unknown: 'the server does not know this approval request',
  challenge_consumed: 'this approval was already used; approve the call again',
  challenge_expired: 'the approval request expired; approve the call again',
  challenge_wrong_tool: 'the approval was for another tool',
  unknown_credential: 'the server does not know this passkey',
  authenticator_class_mismatch: 'the server asks for another kind of passkey (security key or this device)',
  signature_verification_failed: 'the passkey signature did not verify',
  signature_counter_regression: 'the passkey looks cloned (its counter went backwards)',
  argument_hash_mismatch: 'the approval was for other arguments',
  tool_not_approved_required: 'the server says this tool needs no verified approval',
  no_eligible_credential: 'you have no passkey enrolled with this server yet',
  credential_already_enrolled: 'this passkey is already enrolled with the server',
  no_pending_enrollment: 'the enrolment expired; start again',
  verification_failed: 'the server could not verify the new passkey',
};

/** A refusal in plain words, for the dialog and the card; an unknown reason is named as it is. */
export function approvalRefusalText(reason: unknown): string {
  const key = typeof reason === 'string' ? reason : '';
  return REASON_TEXT[key] ?? `the server refused the approval (${key.slice(0, 60) || 'no reason given'})`;
}

/** The reason of a JSON-RPC approval refusal (`-32001` with `data.reason`), else undefined. */
export function approvalRefusalReason(error: unknown): string | undefined {
  if (!isRecord(error) || error.code !== APPROVAL_ERROR_CODE) return undefined;
  const data = error.data;
  return isRecord(data) && typeof data.reason === 'string' ? data.reason : undefined;
}

/**
 * SEP-2672: a tool declaring verified approval on a server whose `initialize` did not declare
 * `capabilities.extensions.verifiedApproval` is inconsistent. The host logs it (the developer
 * preview's server log) and still gates the tool at `verified`: the stricter reading stands.
 */
export function undeclaredApprovalTools(
  capabilities: unknown,
  tools: ReadonlyArray<{ name: string; verifiedApproval?: VerifiedApproval }>,
): string[] {
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;
  if (isRecord(extensions) && extensions.verifiedApproval !== undefined) return [];
  return tools.filter((t) => t.verifiedApproval).map((t) => t.name);
}
