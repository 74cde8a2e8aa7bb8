import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { clientId } from '@/lib/http/ids';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { revealSecret } from '@/lib/mcp/secret-reveal';

export const dynamic = 'force-dynamic';

const schema = z.object({
  conversationId: clientId,
  toolCallId: z.string().min(1).max(200),
  referenceId: z.string().min(1).max(200),
});

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Reveals a `secret_reference` from a tool result of the user's conversation (sensitive-output
 * proposal 4a). The browser names the reference; the server finds its URL in the stored result.
 * The value is answered once, never cached, stored, logged or shown to the model.
 */
export const POST = routeHandler(async (request: Request) => {
  const parsed = await readBody(
    request,
    schema,
    2_000,
    'Expected { conversationId, toolCallId, referenceId }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const outcome = await revealSecret(
    { db: await getDb(), registry: await getRegistry() },
    user.id,
    parsed.data,
  );
  if (!outcome.ok) {
    const response = jsonError(outcome.status, outcome.message, { code: outcome.failure });
    response.headers.set('cache-control', 'no-store');
    return response;
  }
  return Response.json({ value: outcome.value }, { headers: NO_STORE });
});
