import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { handleReplySave } from '@/lib/llm/reply-save-api';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ id: string }> };

/**
 * Retry saving: POST { messageId } stores a reply the database did not take when its turn ended.
 * While the database is still unreachable it answers 503 (the wrapper maps the thrown error).
 */
export const POST = routeHandler(async (request: Request, { params }: Params) => {
  const { id } = await params;
  return handleReplySave(request, await currentUser(request), id);
});
