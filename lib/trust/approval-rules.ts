import type { Gate } from '../mcplet/policy';

/**
 * Remembered approvals: a user's standing "yes" to a tool, so a view that polls an
 * action does not raise a dialog every time. A rule names one tool of one server, is bound to the
 * tool's pinned definition (a changed tool is not covered), and has a scope.
 */
export type ApprovalScope =
  | { kind: 'conversation'; conversationId: string }
  | { kind: 'view'; conversationId: string; viewId: string }
  | { kind: 'always' };

export type ApprovalScopeKind = ApprovalScope['kind'];

export interface ApprovalRule {
  id: string;
  userId: string;
  serverId: string;
  toolName: string;
  /** The canonical hash of the tool's definition when the rule was made. */
  pinHash: string;
  scope: ApprovalScope;
  createdAt: string;
}

export interface RememberableCall {
  userId: string;
  serverId: string;
  toolName: string;
  pinHash: string;
  conversationId?: string;
  /** The open view that proposed the call (a view's call, or a view-provided tool). */
  viewId?: string;
}

/**
 * Only a plain confirmation can be remembered. A passkey approves one exact call with the user's
 * authenticator (7.2), and a review exists so the user sees and may edit each call's arguments.
 */
export function mayRemember(gate: Gate): boolean {
  switch (gate) {
    case 'confirm':
      return true;
    case 'none':
    case 'notify':
    case 'review':
    case 'passkey':
    case 'verified':
      return false;
  }
}

/** The scopes a confirmation dialog offers besides "allow once", in the order it shows them. */
export function scopesOffered(
  gate: Gate,
  call: Pick<RememberableCall, 'conversationId' | 'viewId'>,
): ApprovalScopeKind[] {
  if (!mayRemember(gate)) return [];
  const scopes: ApprovalScopeKind[] = [];
  if (call.conversationId && call.viewId) scopes.push('view');
  else if (call.conversationId) scopes.push('conversation');
  scopes.push('always');
  return scopes;
}

/** Builds the scope the user picked for this call; null when that scope does not fit the call. */
export function scopeFor(
  kind: ApprovalScopeKind,
  call: Pick<RememberableCall, 'conversationId' | 'viewId'>,
): ApprovalScope | null {
  switch (kind) {
    case 'always':
      return { kind: 'always' };
    case 'conversation':
      return call.conversationId ? { kind: 'conversation', conversationId: call.conversationId } : null;
    case 'view':
      return call.conversationId && call.viewId
        ? { kind: 'view', conversationId: call.conversationId, viewId: call.viewId }
        : null;
  }
}

/** True when the rule stands for this call: same user, server, tool and pinned definition, in scope. */
export function ruleCovers(rule: ApprovalRule, call: RememberableCall): boolean {
  if (rule.userId !== call.userId || rule.serverId !== call.serverId || rule.toolName !== call.toolName)
    return false;
  if (rule.pinHash !== call.pinHash) return false;
  switch (rule.scope.kind) {
    case 'always':
      return true;
    case 'conversation':
      return rule.scope.conversationId === call.conversationId;
    case 'view':
      return rule.scope.conversationId === call.conversationId && rule.scope.viewId === call.viewId;
  }
}

/** What the action log says of a call approved by a rule. */
export function rememberedOutcomeLabel(scope: ApprovalScope): string {
  switch (scope.kind) {
    case 'always':
      return 'approved by a remembered rule (always)';
    case 'conversation':
      return 'approved by a remembered rule (this conversation)';
    case 'view':
      return 'approved by a remembered rule (while the view is open)';
  }
}

/**
 * "Always allow sampling from this server" (MCP 2025-11-25, "Sampling"): kept as an `always` rule
 * of the server under a name no tool call can match. A tool's rule binds to its pinned hash (plain
 * hex), so the pin below, which is not hex, never covers a tool of that name, and a tool's rule
 * never covers sampling (docs/gates.md).
 */
export const SAMPLING_RULE = { toolName: 'sampling/createMessage', pinHash: 'sampling:server' } as const;

/** The call a remembered sampling approval of this user and server must cover. */
export function samplingRuleCall(userId: string, serverId: string): RememberableCall {
  return { userId, serverId, ...SAMPLING_RULE };
}
