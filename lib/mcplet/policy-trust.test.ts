import { describe, expect, it } from 'vitest';
import { EMPTY_TRUST_STATE, propagateResult, type TrustState } from '../trust/trust-state';
import { decide, gateVerdict } from './policy';
import type { TrustPolicyConfig } from './trust-escalation';
import type { McpletTool } from './types';

const session = { userId: 'local' };
const model = { kind: 'model' as const };

/** A `prepare` tool with no gate of its own, declaring the SEP's public destination. */
const share: McpletTool = {
  serverId: 'social',
  name: 'share',
  description: '',
  inputSchema: { type: 'object' },
  mcpletType: 'prepare',
  visibility: ['model', 'app'],
  admittedBy: 'mcplet',
  warnings: [],
  trust: {
    attribution: [],
    inputMetadata: { destination: ['public'], sensitivity: ['none'], outcomes: ['consequential'] },
  },
};
const plain: McpletTool = { ...share, name: 'note', trust: undefined };

const page = propagateResult(
  EMPTY_TRUST_STATE,
  { serverId: 'web', toolName: 'fetch_page' },
  { annotations: { readOnlyHint: true } },
  { _meta: { annotations: { openWorldHint: true, attribution: ['https://evil.example/page'] } } },
);
const flagged: TrustState = { ...EMPTY_TRUST_STATE, malicious: { origin: 'web/fetch_page' } };

const off = (rule: keyof TrustPolicyConfig): Partial<TrustPolicyConfig> => ({ [rule]: false });

describe('decide() escalates the gate by the conversation trust state (SEP client responsibility 2)', () => {
  it('SEP Example 1: a public destination in an open-world conversation needs a confirmation naming the attribution', () => {
    const decision = decide(share, model, {}, session, { trust: { state: page } });
    expect(decision).toMatchObject({ allow: true, gate: 'confirm', rule: 'public-destination' });
    if (!decision.allow) throw new Error('denied');
    expect(decision.trust?.reasons.map((r) => r.rule)).toEqual(['public-destination']);
    expect(decision.trust?.reasons[0]?.text).toContain('https://evil.example/page');
    expect(decision.reason).toContain('https://evil.example/page');
    expect(decision.trust?.spendsMaliciousFlag).toBe(false);
  });

  it('the same call in an empty conversation, or of a tool without a public destination, asks nothing', () => {
    expect(decide(share, model, {}, session, { trust: { state: EMPTY_TRUST_STATE } })).toMatchObject({
      gate: 'none',
      rule: 'default',
    });
    const decision = decide(plain, model, {}, session, { trust: { state: page } });
    expect(decision).toMatchObject({ gate: 'none', rule: 'default' });
    expect(decision.allow && decision.trust).toBeUndefined();
  });

  it('SEP Outcomes: irreversible outcomes need at least confirm, even without any conversation state', () => {
    const send = {
      ...share,
      trust: { attribution: [], inputMetadata: { outcomes: ['irreversible' as const] } },
    };
    expect(decide(send, model, {}, session)).toMatchObject({ gate: 'confirm', rule: 'irreversible' });
    expect(gateVerdict(send).rule).toBe('irreversible');
  });

  it('SEP client responsibility 3: a malicious-activity flag makes the next action-like call confirm and spend the flag', () => {
    const decision = decide(plain, model, {}, session, { trust: { state: flagged } });
    expect(decision).toMatchObject({ gate: 'confirm', rule: 'malicious-activity' });
    expect(decision.allow && decision.trust?.spendsMaliciousFlag).toBe(true);
    expect(decision.allow && decision.reason).toContain('web/fetch_page');
    const read = { ...plain, mcpletType: 'read' as const, readOnlyHint: true };
    const after = decide(read, model, {}, session, { trust: { state: flagged } });
    expect(after).toMatchObject({ gate: 'none' });
    expect(after.allow && after.trust).toBeUndefined();
  });

  it('each switch off in trustPolicy turns its rule off, and only its rule', () => {
    const both = { ...flagged, openWorld: true, attribution: ['https://evil.example/page'] };
    const rules = (policy: Partial<TrustPolicyConfig>) => {
      const d = decide(share, model, {}, session, { trust: { state: both, policy } });
      return d.allow ? (d.trust?.reasons.map((r) => r.rule) ?? []) : [];
    };
    expect(rules({})).toEqual(['public-destination', 'malicious-activity']);
    expect(rules(off('publicDestination'))).toEqual(['malicious-activity']);
    expect(rules(off('maliciousActivity'))).toEqual(['public-destination']);
    expect(rules({ publicDestination: false, maliciousActivity: false })).toEqual([]);
    const send = {
      ...share,
      trust: { attribution: [], inputMetadata: { outcomes: ['irreversible' as const] } },
    };
    expect(
      decide(send, model, {}, session, { trust: { state: EMPTY_TRUST_STATE, policy: off('irreversible') } }),
    ).toMatchObject({ gate: 'none' });
  });

  it('SEP client responsibility 5: escalation never lowers a stricter precedence (passkey stays passkey, its rule is named)', () => {
    const strict: McpletTool = {
      ...share,
      mcpletType: 'action',
      auth: { required: 'passkey', enforcement: 'strict' },
    };
    const decision = decide(strict, model, {}, session, {
      trust: { state: { ...page, ...flagged, openWorld: true } },
    });
    expect(decision).toMatchObject({ gate: 'passkey', rule: 'mcplet-auth' });
    expect(decision.allow && decision.trust?.reasons.length).toBe(2);
  });

  it('denials come first: a trust state never turns a refused call into an allowed one', () => {
    expect(decide(undefined, model, {}, session, { trust: { state: page } })).toMatchObject({ allow: false });
    expect(
      decide({ ...share, visibility: ['app'] }, model, {}, session, { trust: { state: page } }),
    ).toMatchObject({ allow: false, code: 'NOT_MODEL_VISIBLE' });
  });
});
