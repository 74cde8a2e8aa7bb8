import { currentUser } from '@/lib/auth/session';
import { jsonError, readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { parseCallRequest, surfaceOf } from '@/lib/mcp/call-request';
import { decisionFor, trustOf } from '@/lib/mcp/dispatch';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

/** The policy decision for a call, without making it (developer preview). */
export const POST = routeHandler(async (request: Request) => {
  const body = await readJson(request, 1_000_000);
  if (!body.ok) return body.response;
  const parsed = parseCallRequest(body.value);
  if (!parsed.ok) return jsonError(400, parsed.error);
  const { serverId, toolName, args } = parsed.request;
  const user = await currentUser(request);
  const registry = await getRegistry();
  const session = { userId: user.id };
  // The preview decides outside a conversation: with this user's preview-local trust state.
  const { decision } = decisionFor(registry, {
    serverId,
    toolName,
    args: args ?? {},
    surface: surfaceOf(parsed.request),
    session,
    trust: await trustOf(registry, { session }),
  });
  return Response.json({ decision });
});
