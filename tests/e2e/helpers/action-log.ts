import pg from 'pg';
import { hostedDatabaseUrl } from '../hosted-env';

/** The hosted deployment's action log for a user's calls of one tool: how often it was really dispatched. */
export async function actionLog(userName: string, toolName: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: hostedDatabaseUrl() });
  await db.connect();
  try {
    const rows = await db.query<{ outcome: string }>(
      `select a.outcome from audit_log a join users u on u.id = a.user_id
       where u.display_name = $1 and a.tool_name = $2`,
      [userName, toolName],
    );
    return rows.rows.map((r) => r.outcome);
  } finally {
    await db.end();
  }
}
