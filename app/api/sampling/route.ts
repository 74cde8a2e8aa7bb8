import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { samplingBoard } from '@/lib/mcp/sampling-board';

export const dynamic = 'force-dynamic';

/** The sampling requests waiting for this user (their own calls' only); the browser draws them. */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json({ prompts: samplingBoard().prompts(user.id) });
});
