import { currentUser } from '@/lib/auth/session';
import { getDb } from '@/lib/db';
import { searchMessages } from '@/lib/db/queries/message-search';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** GET /api/search?q=…: the user's own conversations whose messages say these words (message-search.ts). */
export const GET = routeHandler(async (request: Request) => {
  const user = await currentUser(request);
  const query = new URL(request.url).searchParams.get('q') ?? '';
  if (query.length > 200) return jsonError(400, 'A search is at most 200 characters.');
  return Response.json({ hits: await searchMessages(await getDb(), user.id, query) });
});
