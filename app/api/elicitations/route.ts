import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { elicitationStore } from '@/lib/mcp/elicitation-store';

export const dynamic = 'force-dynamic';

/** The elicitations waiting for this user (their own calls' only); the browser draws them. */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json({ prompts: elicitationStore().prompts(user.id) });
});
