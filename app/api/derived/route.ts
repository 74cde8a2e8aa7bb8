import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { derivedLog } from '@/lib/llm/derived-log';

export const dynamic = 'force-dynamic';

/** The developer preview's list of derived result attempts (10.4 outcomes, 10.6 states), newest first. */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json({ attempts: await derivedLog().list(user.id), now: Date.now() });
});
