import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { acceptChange } from '@/lib/mcp/pin-changes';

export const dynamic = 'force-dynamic';

const acceptSchema = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

/** docs/security.md, "Rug-pulls": accepts the reviewed definition of a changed tool (bound to its hash); it becomes the pin. */
export const POST = routeHandler(
  async (request: Request, context: { params: Promise<{ id: string; name: string }> }) => {
    const { id, name } = await context.params;
    const parsed = await readBody(
      request,
      acceptSchema,
      1_000,
      'Send { "hash": the currentHash of the change you reviewed }.',
    );
    if (!parsed.ok) return parsed.response;
    const user = await currentUser(request);
    const accepted = acceptChange(await getRegistry(), user.id, id, name, parsed.data.hash);
    if (!accepted.ok) return jsonError(accepted.status, accepted.reason);
    return Response.json({ ok: true });
  },
);
