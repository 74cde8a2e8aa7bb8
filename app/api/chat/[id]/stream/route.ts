import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { getConversation } from '@/lib/db/queries/conversations';
import { clientId } from '@/lib/http/ids';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { activeStreamResponse, resumeActiveStream, stopActiveStream } from '@/lib/llm/active-streams';

export const dynamic = 'force-dynamic';
export const maxDuration = 300;

type Params = { params: Promise<{ id: string }> };

/** The AI SDK's resume: the conversation's running reply from its start, or 204 when none runs. */
export const GET = routeHandler(async (request: Request, { params }: Params) => {
  const { id } = await params;
  const stream = await resumeActiveStream((await currentUser(request)).id, id);
  if (!stream) return new Response(null, { status: 204 });
  return activeStreamResponse(stream);
});

/**
 * Stop: ends the conversation's running reply (closing the page does not). Replies are kept per user,
 * so only the user's own can stop; when none stopped, a conversation that is not the user's is not
 * found, as on every other route of a conversation.
 */
export const DELETE = routeHandler(async (request: Request, { params }: Params) => {
  const { id } = await params;
  const user = await currentUser(request);
  if (await stopActiveStream(user.id, id)) return Response.json({ stopped: true });
  if (!clientId.safeParse(id).success || !(await getConversation(await getDb(), user.id, id)))
    return jsonError(404, 'This conversation does not exist.');
  return Response.json({ stopped: false });
});
