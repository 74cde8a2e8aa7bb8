import { describe, expect, it } from 'vitest';
import { resolveGate } from './gate-precedence';
import { GATE_TABLE } from './gates';
import {
  APPROVAL_ERROR_CODE,
  approvalEvidence,
  approvalRefusalReason,
  approvalRefusalText,
  readVerifiedApproval,
  undeclaredApprovalTools,
  VERIFIED_APPROVAL_KEY,
} from './verified-approval';

describe('SEP-2672 discovery: _meta["io.modelcontextprotocol/verified-approval"]', () => {
  it('required "verified" declares it; an omitted class is cross-platform; unknown siblings are tolerated', () => {
    expect(readVerifiedApproval({ [VERIFIED_APPROVAL_KEY]: { required: 'verified' } })).toEqual({
      approval: { authenticatorClass: 'cross-platform' },
    });
    expect(
      readVerifiedApproval({
        [VERIFIED_APPROVAL_KEY]: { required: 'verified', authenticatorClass: 'platform', x: 1 },
      }),
    ).toEqual({ approval: { authenticatorClass: 'platform' } });
    expect(readVerifiedApproval({})).toEqual({});
    expect(readVerifiedApproval(undefined)).toEqual({});
  });

  it('any other value is an error (the tool keeps a warning), never silently no approval', () => {
    for (const value of [true, { required: 'yes' }, { required: 'verified', authenticatorClass: 'usb' }])
      expect(readVerifiedApproval({ [VERIFIED_APPROVAL_KEY]: value }).error).toMatch(/SEP-2672/);
  });
});

describe('SEP-2672 in the gate table', () => {
  it('is its own level, the strictest, verified by the server, waiting, never editable or remembered', () => {
    expect(GATE_TABLE.verified).toMatchObject({
      server: 'server-verified',
      browser: 'verified',
      waits: true,
      editable: false,
      rememberable: false,
    });
    expect(GATE_TABLE.verified.rank).toBeGreaterThan(GATE_TABLE.passkey.rank);
  });

  it('a tool that declares it is gated verified whatever else it says, even a read with a "none" hint', () => {
    expect(
      resolveGate({ mcpletType: 'read', admittedBy: 'mcplet', verifiedApproval: true, hint: 'none' }),
    ).toEqual({
      gate: 'verified',
      rule: 'verified-approval',
    });
    expect(
      resolveGate({
        mcpletType: 'action',
        admittedBy: 'annotations',
        verifiedApproval: true,
        auth: { required: 'passkey', enforcement: 'strict' },
        trustHints: true,
        hint: 'none',
      }).gate,
    ).toBe('verified');
  });
});

describe('SEP-2672 evidence and refusals', () => {
  it('the call carries { method: "webauthn", challengeId, response } with the response as given', () => {
    const response = { id: 'c', response: { signature: 'x' } };
    const meta = approvalEvidence('ch-1', response);
    expect(meta).toEqual({ [VERIFIED_APPROVAL_KEY]: { method: 'webauthn', challengeId: 'ch-1', response } });
    expect((meta[VERIFIED_APPROVAL_KEY] as { response: unknown }).response).toBe(response);
  });

  it('a refusal is read from code -32001 and data.reason only (never the message); each reason in plain words', () => {
    expect(approvalRefusalReason({ code: APPROVAL_ERROR_CODE, data: { reason: 'challenge_consumed' } })).toBe(
      'challenge_consumed',
    );
    expect(approvalRefusalReason({ code: -32000, data: { reason: 'challenge_consumed' } })).toBeUndefined();
    expect(
      approvalRefusalReason({ code: APPROVAL_ERROR_CODE, message: 'challenge_consumed' }),
    ).toBeUndefined();
    for (const reason of [
      'missing_evidence',
      'unsupported_method',
      'challenge_unknown',
      'challenge_consumed',
      'challenge_expired',
      'challenge_wrong_tool',
      'unknown_credential',
      'authenticator_class_mismatch',
      'signature_verification_failed',
      'signature_counter_regression',
      'argument_hash_mismatch',
      'tool_not_approved_required',
      'no_eligible_credential',
      'credential_already_enrolled',
      'no_pending_enrollment',
      'verification_failed',
    ])
      expect(approvalRefusalText(reason)).not.toMatch(/refused the approval \(/);
    expect(approvalRefusalText('new_reason')).toBe('the server refused the approval (new_reason)');
  });
});

describe('SEP-2672: the server capability', () => {
  const tools = [
    { name: 'transfer', verifiedApproval: { authenticatorClass: 'platform' as const } },
    { name: 'balance' },
  ];

  it('a tool declaring verified approval on a server without capabilities.extensions.verifiedApproval is named (logged)', () => {
    expect(undeclaredApprovalTools({ tools: {} }, tools)).toEqual(['transfer']);
    expect(undeclaredApprovalTools(undefined, tools)).toEqual(['transfer']);
    expect(undeclaredApprovalTools({ extensions: { other: {} } }, tools)).toEqual(['transfer']);
  });

  it('a server that declares it, or tools that ask for nothing, are consistent', () => {
    expect(undeclaredApprovalTools({ extensions: { verifiedApproval: {} } }, tools)).toEqual([]);
    expect(undeclaredApprovalTools({}, [{ name: 'balance' }])).toEqual([]);
  });
});
