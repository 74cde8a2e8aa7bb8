import { currentUser } from '@/lib/auth/session';
import { handleViewDropped, handleViewListing } from '@/lib/llm/view-tool-api';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

export async function POST(request: Request, context: Context) {
  const { id } = await context.params;
  return handleViewListing(request, await currentUser(request), id);
}

export async function DELETE(request: Request, context: Context) {
  const { id } = await context.params;
  return handleViewDropped(request, await currentUser(request), id);
}
