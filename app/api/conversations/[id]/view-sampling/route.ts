import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { handleViewSamplingRequest } from '@/lib/llm/view-sampling-api';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** A view's `sampling/createMessage`, through the host's sampling gate (lib/mcp/sampling.ts). */
export const POST = routeHandler(async (request: Request, context: Context) => {
  const { id } = await context.params;
  return handleViewSamplingRequest(request, await currentUser(request), id);
});
