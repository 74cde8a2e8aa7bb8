import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { clientId } from '@/lib/http/ids';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { revealMaskedValue } from '@/lib/llm/display-messages';
import { getRegistry } from '@/lib/mcp/host-registry';
import { revealSecret } from '@/lib/mcp/secret-reveal';
import { REVEAL_FAILURES } from '@/lib/trust/secret-reference';

export const dynamic = 'force-dynamic';

// Other fields are dropped, not refused: a URL the browser sends is never used (the server reads
// the reference's URL from the stored result), and its presence must not hide that check.
const call = { conversationId: clientId, toolCallId: z.string().min(1).max(200) };
const schema = z.union([
  z.object({ ...call, referenceId: z.string().min(1).max(200) }),
  z.object({ ...call, valueId: z.string().regex(/^\d{1,6}$/) }),
]);

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Reveals a `secret_reference` from a tool result of the user's conversation (sensitive-output
 * proposal 4a). The browser names the reference; the server finds its URL in the stored result.
 * The value is answered once, never cached, stored, logged or shown to the model.
 * With `valueId` instead: a value withheld from the model that came masked when the conversation
 * was opened again (lib/trust/display-mask.ts), read from the user's own stored result.
 */
export const POST = routeHandler(async (request: Request) => {
  const parsed = await readBody(
    request,
    schema,
    2_000,
    'Expected { conversationId, toolCallId, referenceId } or { conversationId, toolCallId, valueId }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  if ('valueId' in parsed.data) {
    const value = await revealMaskedValue(await getDb(), user.id, parsed.data);
    if (value !== undefined) return Response.json({ value }, { headers: NO_STORE });
    const { status, message } = REVEAL_FAILURES['not-found'];
    const response = jsonError(status, message, { code: 'not-found' });
    response.headers.set('cache-control', 'no-store');
    return response;
  }
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
