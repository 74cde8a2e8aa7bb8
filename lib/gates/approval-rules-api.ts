import 'server-only';
import { getDb } from '../db';
import { listApprovalRules, revokeApprovalRule } from '../db/queries/approval-rules';
import { getRegistry } from '../mcp/host-registry';
import type { ApprovalScopeKind } from '../trust/approval-rules';

/** A remembered approval as the settings page shows it. */
export interface RuleView {
  id: string;
  serverId: string;
  serverName: string;
  toolName: string;
  scope: ApprovalScopeKind;
  /** The conversation (and view) the rule is limited to, if any. */
  conversationId?: string;
  viewId?: string;
  createdAt: string;
}

export class RuleNotFoundError extends Error {
  constructor() {
    super('No remembered approval of yours has this id; it may already be revoked.');
  }
}

/** The user's remembered approvals, newest first. */
export async function rulesOf(userId: string): Promise<RuleView[]> {
  const [rules, registry] = await Promise.all([listApprovalRules(await getDb(), userId), getRegistry()]);
  return rules.map((rule) => ({
    id: rule.id,
    serverId: rule.serverId,
    serverName: registry.getFor(rule.serverId, userId)?.config.name ?? rule.serverId,
    toolName: rule.toolName,
    scope: rule.scope.kind,
    ...(rule.scope.kind === 'always' ? {} : { conversationId: rule.scope.conversationId }),
    ...(rule.scope.kind === 'view' ? { viewId: rule.scope.viewId } : {}),
    createdAt: rule.createdAt,
  }));
}

/** Revokes one of the user's rules: the next call of that tool asks again. */
export async function revokeRule(userId: string, id: string): Promise<void> {
  if (!(await revokeApprovalRule(await getDb(), userId, id))) throw new RuleNotFoundError();
}
