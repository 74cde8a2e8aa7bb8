import { currentUser } from '@/lib/auth/session';
import { routeHandler } from '@/lib/http/route-handler';
import { handleViewDropped, handleViewListing } from '@/lib/llm/view-tool-api';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export const POST = routeHandler(async (request: Request, context: Context) => {
  const { id } = await context.params;
  return handleViewListing(request, await currentUser(request), id);
});

export const DELETE = routeHandler(async (request: Request, context: Context) => {
  const { id } = await context.params;
  return handleViewDropped(request, await currentUser(request), id);
});
