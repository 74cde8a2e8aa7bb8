import { currentUser } from '@/lib/auth/session';
import { jsonError } from '@/lib/http/json';
import { getRegistry } from '@/lib/mcp/registry';

export const dynamic = 'force-dynamic';

export async function DELETE(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const removed = await (await getRegistry()).remove(id, (await currentUser(request)).id);
  if (!removed) return jsonError(404, `No server has the id "${id}".`);
  return new Response(null, { status: 204 });
}
