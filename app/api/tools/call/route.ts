import { currentUser, type SessionUser } from '@/lib/auth/session';
import { startCall } from '@/lib/gates/gated-call';
import { jsonError, readJson } from '@/lib/http/json';
import { openLane } from '@/lib/http/lane';
import { routeHandler } from '@/lib/http/route-handler';
import { overUserLimit } from '@/lib/limits/user-limits';
import { viewCallContext } from '@/lib/llm/view-tool-api';
import { withRequestContext } from '@/lib/log/request-context';
import { parseCallRequest, surfaceOf } from '@/lib/mcp/call-request';
import { toCallResponse } from '@/lib/mcp/call-response';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

/**
 * A tool call from a view or the preview, through the same policy and dispatch path as every other
 * call. A call that needs a gate is not sent: the answer is 202 with a gate ticket, and the call runs
 * only after the user answers it (POST /api/gates/{id}).
 */
export const POST = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return withRequestContext(request, user.id, () => call(request, user));
});

async function call(request: Request, user: SessionUser) {
  const body = await readJson(request, 1_000_000);
  if (!body.ok) return body.response;
  const parsed = parseCallRequest(body.value);
  if (!parsed.ok) return jsonError(400, parsed.error);
  const { serverId, toolName, args } = parsed.request;
  const over = await overUserLimit('tool-call', user.id);
  if (over) return over;
  const context = await viewCallContext(user, parsed.request);
  const registry = await getRegistry();
  await registry.reachFor(user.id);
  const started = await startCall(
    registry,
    {
      serverId,
      toolName,
      args: args ?? {},
      surface: surfaceOf(parsed.request),
      session: { userId: user.id },
      context,
    },
    'view',
  );
  if (started.kind === 'gate') return Response.json({ gate: started.ticket }, { status: 202 });
  return Response.json(toCallResponse(started.result, parsed.request.exchange === true));
}

openLane('POST', '/api/tools/call', POST);
