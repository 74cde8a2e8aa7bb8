import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { listConversations } from '@/lib/db/queries/conversations';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  return Response.json({ conversations: await listConversations(await getDb(), user.id) });
});
