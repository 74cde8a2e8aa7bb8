import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { answerGate } from '@/lib/gates/gated-call';
import { jsonError, readJson } from '@/lib/http/json';
import { getRegistry } from '@/lib/mcp/registry';

export const dynamic = 'force-dynamic';

const schema = z.object({ approved: z.boolean() }).strict();

/** The user's answer to a confirmation gate the server opened. */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const body = await readJson(request, 1_000);
  if (!body.ok) return body.response;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, 'A gate answer is { "approved": true | false }.');
  const user = await currentUser(request);
  const outcome = await answerGate(await getRegistry(), id, user.id, parsed.data.approved);
  if (!outcome.ok) return jsonError(outcome.status, outcome.reason);
  return Response.json({ ok: true, result: outcome.result });
}
