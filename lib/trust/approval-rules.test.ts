import { describe, expect, it } from 'vitest';
import type { Gate } from '../mcplet/policy';
import {
  type ApprovalRule,
  mayRemember,
  type RememberableCall,
  rememberedOutcomeLabel,
  ruleCovers,
  scopeFor,
  scopesOffered,
} from './approval-rules';

const GATES: Gate[] = ['none', 'notify', 'review', 'confirm', 'passkey'];

const call: RememberableCall = {
  userId: 'u1',
  serverId: 'poller',
  toolName: 'refresh',
  pinHash: 'pin-a',
  conversationId: 'c1',
  viewId: 'v1',
};

function rule(scope: ApprovalRule['scope'], overrides: Partial<ApprovalRule> = {}): ApprovalRule {
  return {
    id: '1',
    userId: 'u1',
    serverId: 'poller',
    toolName: 'refresh',
    pinHash: 'pin-a',
    scope,
    createdAt: '2026-11-23T00:00:00Z',
    ...overrides,
  };
}

describe('remembered approvals: which gates may be remembered', () => {
  it('7.2: a passkey is never remembered; a review is never remembered; only confirm is', () => {
    expect(GATES.filter(mayRemember)).toEqual(['confirm']);
  });

  it('offers no scope for gates that cannot be remembered', () => {
    for (const gate of GATES.filter((g) => g !== 'confirm')) expect(scopesOffered(gate, call)).toEqual([]);
  });

  it("offers 'while this view is open' for a view's call, 'this conversation' for the model's, and always", () => {
    expect(scopesOffered('confirm', call)).toEqual(['view', 'always']);
    expect(scopesOffered('confirm', { conversationId: 'c1' })).toEqual(['conversation', 'always']);
    expect(scopesOffered('confirm', {})).toEqual(['always']);
  });

  it('builds only scopes that fit the call', () => {
    expect(scopeFor('view', call)).toEqual({ kind: 'view', conversationId: 'c1', viewId: 'v1' });
    expect(scopeFor('conversation', call)).toEqual({ kind: 'conversation', conversationId: 'c1' });
    expect(scopeFor('always', {})).toEqual({ kind: 'always' });
    expect(scopeFor('view', { conversationId: 'c1' })).toBeNull();
    expect(scopeFor('conversation', {})).toBeNull();
  });
});

describe('remembered approvals: what a rule covers', () => {
  it('always: every call of that tool, in any conversation or view', () => {
    const always = rule({ kind: 'always' });
    expect(ruleCovers(always, call)).toBe(true);
    expect(ruleCovers(always, { ...call, conversationId: 'c2', viewId: undefined })).toBe(true);
  });

  it('conversation: only calls in that conversation', () => {
    const inC1 = rule({ kind: 'conversation', conversationId: 'c1' });
    expect(ruleCovers(inC1, call)).toBe(true);
    expect(ruleCovers(inC1, { ...call, conversationId: 'c2' })).toBe(false);
    expect(ruleCovers(inC1, { ...call, conversationId: undefined })).toBe(false);
  });

  it('view: only calls from that view in that conversation', () => {
    const inV1 = rule({ kind: 'view', conversationId: 'c1', viewId: 'v1' });
    expect(ruleCovers(inV1, call)).toBe(true);
    expect(ruleCovers(inV1, { ...call, viewId: 'v2' })).toBe(false);
    expect(ruleCovers(inV1, { ...call, conversationId: 'c2' })).toBe(false);
    expect(ruleCovers(inV1, { ...call, viewId: undefined })).toBe(false);
  });

  it('rug-pull: a rule is bound to the pinned definition; a changed tool is not covered', () => {
    expect(ruleCovers(rule({ kind: 'always' }), { ...call, pinHash: 'pin-b' })).toBe(false);
  });

  it('another user, server or tool is never covered', () => {
    const always = rule({ kind: 'always' });
    expect(ruleCovers(always, { ...call, userId: 'u2' })).toBe(false);
    expect(ruleCovers(always, { ...call, serverId: 'other' })).toBe(false);
    expect(ruleCovers(always, { ...call, toolName: 'refresh_all' })).toBe(false);
  });

  it('16.5: the action log says the call was approved by a remembered rule, and which', () => {
    expect(rememberedOutcomeLabel({ kind: 'always' })).toMatch(/remembered rule/);
    expect(rememberedOutcomeLabel({ kind: 'view', conversationId: 'c', viewId: 'v' })).toMatch(/view/);
    expect(rememberedOutcomeLabel({ kind: 'conversation', conversationId: 'c' })).toMatch(/conversation/);
  });
});
