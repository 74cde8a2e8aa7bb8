import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getConversation } from '@/lib/db/queries/conversations';
import { clientId } from '@/lib/http/ids';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { cancelTurnCall } from '@/lib/llm/active-streams';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string; callId: string }> };

/**
 * Cancel on a tool card: ends that call alone (the server is told; the model reads that the user
 * cancelled it) and the reply goes on. Calls are kept per user, so only the user's own can be
 * cancelled; when none was, a conversation that is not the user's is not found, as on Stop.
 */
export const DELETE = routeHandler(async (request: Request, { params }: Params) => {
  const { id, callId } = await params;
  const user = await currentUser(request);
  if (callId.length <= 200 && (await cancelTurnCall(user.id, id, callId)))
    return Response.json({ cancelled: true });
  if (!clientId.safeParse(id).success || !(await getConversation(await getDb(), user.id, id)))
    return jsonError(404, 'This conversation does not exist.');
  return Response.json({ cancelled: false });
});
