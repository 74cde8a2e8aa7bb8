import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { answerSampling } from '@/lib/mcp/sampling-answer';

export const dynamic = 'force-dynamic';

const schema = z
  .object({
    approved: z.boolean(),
    /** The messages' text as edited: one per text block, in order; checked and bound server-side. */
    texts: z.array(z.string()).max(200).optional(),
    /** "Always allow sampling from this server"; taken only where the dialog offered it. */
    remember: z.boolean().optional(),
  })
  .strict();

/** The user's answer to a sampling request their own call received. */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const parsed = await readBody(
    request,
    schema,
    1_000_000,
    'A sampling answer is { "approved": boolean, "texts"?: string[], "remember"?: boolean }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const outcome = await answerSampling(id, user.id, parsed.data);
  if (!outcome.ok) return jsonError(outcome.status, outcome.reason);
  return Response.json({ ok: true });
});
