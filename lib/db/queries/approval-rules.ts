import type { ApprovalRule, ApprovalScope, RememberableCall } from '../../trust/approval-rules';
import { ruleCovers } from '../../trust/approval-rules';
import type { Db } from '../connect';
import type { ApprovalRulesTable } from '../schema';

type Row = Omit<ApprovalRulesTable, 'id' | 'created_at'> & { id: string; created_at: Date };

function scopeOf(row: Row): ApprovalScope {
  if (row.scope === 'view' && row.conversation_id && row.view_id)
    return { kind: 'view', conversationId: row.conversation_id, viewId: row.view_id };
  if (row.scope === 'conversation' && row.conversation_id)
    return { kind: 'conversation', conversationId: row.conversation_id };
  return { kind: 'always' };
}

function toRule(row: Row): ApprovalRule {
  return {
    id: String(row.id),
    userId: row.user_id,
    serverId: row.server_id,
    toolName: row.tool_name,
    pinHash: row.pin_hash,
    scope: scopeOf(row),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function addApprovalRule(
  db: Db,
  rule: Omit<ApprovalRule, 'id' | 'createdAt'>,
): Promise<ApprovalRule> {
  const row = await db
    .insertInto('approval_rules')
    .values({
      user_id: rule.userId,
      server_id: rule.serverId,
      tool_name: rule.toolName,
      pin_hash: rule.pinHash,
      scope: rule.scope.kind,
      conversation_id: rule.scope.kind === 'always' ? null : rule.scope.conversationId,
      view_id: rule.scope.kind === 'view' ? rule.scope.viewId : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
}

/** A user's rules, newest first (the settings page). */
export async function listApprovalRules(db: Db, userId: string): Promise<ApprovalRule[]> {
  const rows = await db
    .selectFrom('approval_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRule);
}

export async function revokeApprovalRule(db: Db, userId: string, id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const result = await db
    .deleteFrom('approval_rules')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The rule that stands for this call, if any (same tool, pinned definition and scope). */
export async function findCoveringRule(db: Db, call: RememberableCall): Promise<ApprovalRule | undefined> {
  const rows = await db
    .selectFrom('approval_rules')
    .selectAll()
    .where('user_id', '=', call.userId)
    .where('server_id', '=', call.serverId)
    .where('tool_name', '=', call.toolName)
    .execute();
  return rows.map(toRule).find((rule) => ruleCovers(rule, call));
}

/** docs/security.md, "Rug-pulls": a tool whose definition changed loses every remembered approval. */
export async function dropApprovalRulesForTool(
  db: Db,
  userId: string,
  serverId: string,
  toolName: string,
): Promise<number> {
  const result = await db
    .deleteFrom('approval_rules')
    .where('user_id', '=', userId)
    .where('server_id', '=', serverId)
    .where('tool_name', '=', toolName)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A closed view's rules end with it. */
export async function dropViewApprovalRules(db: Db, userId: string, viewId: string): Promise<number> {
  const result = await db
    .deleteFrom('approval_rules')
    .where('user_id', '=', userId)
    .where('scope', '=', 'view')
    .where('view_id', '=', viewId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
