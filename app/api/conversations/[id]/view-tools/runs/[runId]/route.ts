import { currentUser } from '@/lib/auth/session';
import { handleRunAnswer } from '@/lib/llm/view-tool-api';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string; runId: string }> };

export async function POST(request: Request, context: Context) {
  const { id, runId } = await context.params;
  return handleRunAnswer(request, await currentUser(request), id, runId);
}
