import { currentUser } from '@/lib/auth/session';
import { RuleNotFoundError, revokeRule } from '@/lib/gates/approval-rules-api';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';

export const dynamic = 'force-dynamic';

/** Revokes a remembered approval. */
export const DELETE = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  try {
    await revokeRule((await currentUser(request)).id, id);
  } catch (error) {
    if (error instanceof RuleNotFoundError) return jsonError(404, error.message);
    throw error;
  }
  return new Response(null, { status: 204 });
});
