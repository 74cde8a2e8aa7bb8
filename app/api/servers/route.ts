import { currentUser } from '@/lib/auth/session';
import { jsonError, readJson } from '@/lib/http/json';
import { getRegistry, RegistryError } from '@/lib/mcp/registry';
import { parseRegistration } from '@/lib/mcp/server-config';
import { serverView } from '@/lib/mcp/snapshot';
import { OutboundRefusedError } from '@/lib/net/guard';

export const dynamic = 'force-dynamic';

export async function GET() {
  const registry = await getRegistry();
  return Response.json({ servers: registry.list().map(serverView) });
}

export async function POST(request: Request) {
  const body = await readJson(request, 100_000);
  if (!body.ok) return body.response;
  const parsed = parseRegistration(body.value);
  if (!parsed.ok) return jsonError(400, `Cannot add the server: ${parsed.error}.`);
  const user = await currentUser(request);
  try {
    const connection = await (await getRegistry()).add(parsed.registration, user.id);
    return Response.json({ server: serverView(connection) }, { status: 201 });
  } catch (error) {
    if (error instanceof RegistryError) return jsonError(409, error.message);
    if (error instanceof OutboundRefusedError)
      return jsonError(422, `Cannot add the server: ${error.message}.`);
    throw error;
  }
}
