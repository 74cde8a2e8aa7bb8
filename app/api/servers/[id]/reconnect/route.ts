import { jsonError } from '@/lib/http/json';
import { getRegistry } from '@/lib/mcp/registry';
import { serverView } from '@/lib/mcp/snapshot';

export const dynamic = 'force-dynamic';

export async function POST(_request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const connection = (await getRegistry()).get(id);
  if (!connection) return jsonError(404, `No server has the id "${id}".`);
  await connection.reconnect();
  return Response.json({ server: serverView(connection) });
}
