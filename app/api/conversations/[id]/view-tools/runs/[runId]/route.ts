import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { handleRunAnswer } from '@/lib/llm/view-tool-api';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; runId: string }> };

export const POST = routeHandler(async (request: Request, context: Context) => {
  const { id, runId } = await context.params;
  return handleRunAnswer(request, await currentUser(request), id, runId);
});
