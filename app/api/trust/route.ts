import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { trustOverview } from '@/lib/mcp/trust-overview';

export const dynamic = 'force-dynamic';

/** The developer preview's trust states: the preview-local one and each conversation's. */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json(await trustOverview(user.id));
});
