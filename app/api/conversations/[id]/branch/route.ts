import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { handleSwitchVersion } from '@/lib/llm/message-branch';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Shows another version of a message (lib/chat/message-tree.ts); the conversation's own user only. */
export const POST = routeHandler(async (request: Request, context: Context) => {
  const { id } = await context.params;
  return handleSwitchVersion(request, await currentUser(request), id);
});
