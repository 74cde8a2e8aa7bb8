import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { acceptViewChange } from '@/lib/mcp/pin-changes';

export const dynamic = 'force-dynamic';

const acceptSchema = z.object({
  uri: z.string().startsWith('ui://').max(2_000),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Accepts the reviewed HTML of a changed view (bound to its hash); it becomes the pin and is served. */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const parsed = await readBody(
    request,
    acceptSchema,
    4_000,
    'Send { "uri": the view, "hash": the currentHash of the change you reviewed }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const accepted = await acceptViewChange(
    await getRegistry(),
    user.id,
    id,
    parsed.data.uri,
    parsed.data.hash,
  );
  if (!accepted.ok) return jsonError(accepted.status, accepted.reason);
  return Response.json({ ok: true });
});
