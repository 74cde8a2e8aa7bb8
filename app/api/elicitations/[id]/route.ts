import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { answerElicitation } from '@/lib/mcp/elicitation';

export const dynamic = 'force-dynamic';

const schema = z
  .object({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** The user's answer to an elicitation their own call received; the content is checked server-side. */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const parsed = await readBody(
    request,
    schema,
    50_000,
    'An elicitation answer is { "action": "accept" | "decline" | "cancel", "content"? }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const outcome = answerElicitation(id, user.id, parsed.data.action, parsed.data.content);
  if (!outcome.ok) return jsonError(outcome.status, outcome.reason);
  return Response.json({ ok: true });
});
