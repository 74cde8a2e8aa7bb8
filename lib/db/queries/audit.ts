import type { Db } from '../connect';

/** One action call (spec 16.5): who, when, where, which tool, which arguments (hashed), gate, outcome. */
export interface AuditEntry {
  userId: string;
  surface: string;
  serverId: string;
  toolName: string;
  argsHash: string;
  gate: string;
  outcome: string;
}

export interface AuditRow extends AuditEntry {
  at: string;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      surface: entry.surface,
      server_id: entry.serverId,
      tool_name: entry.toolName,
      args_hash: entry.argsHash,
      gate: entry.gate,
      outcome: entry.outcome,
    })
    .execute();
}

export async function listAudit(db: Db, userId: string, limit = 200): Promise<AuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    at: new Date(r.at).toISOString(),
    surface: r.surface,
    serverId: r.server_id,
    toolName: r.tool_name,
    argsHash: r.args_hash,
    gate: r.gate,
    outcome: r.outcome,
  }));
}
