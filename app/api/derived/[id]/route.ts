import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { clientId } from '@/lib/http/ids';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { fallBackForExpired } from '@/lib/llm/derived-fallback';
import { derivedLog } from '@/lib/llm/derived-log';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

const schema = z.object({ conversationId: clientId, state: z.enum(['consumed', 'expired']) });

/**
 * The browser reports what became of a pending derived result: a view used it, or it expired unused,
 * in which case the host calls the tool for real instead (10.6) and answers with that result.
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  if (id.length > 100) return jsonError(400, 'Unknown derived result.');
  const parsed = await readBody(
    request,
    schema,
    2_000,
    'Expected { conversationId, state: "consumed" | "expired" }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const { conversationId, state } = parsed.data;
  if (state === 'consumed') {
    const settled = await derivedLog().settle(user.id, conversationId, id, 'consumed');
    if (!settled) return jsonError(409, 'No pending derived result has that id.');
    return Response.json({ state: settled.state });
  }
  const outcome = await fallBackForExpired(await getRegistry(), user.id, conversationId, id);
  if (!outcome.ok) return jsonError(outcome.status, outcome.error);
  return Response.json({ state: 'expired', fallback: outcome.fallback });
});
