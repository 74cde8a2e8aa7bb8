import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { SignInError } from '@/lib/mcp/oauth/server-oauth';

export const dynamic = 'force-dynamic';

const schema = z.object({ returnTo: z.string().max(200).optional() }).strict();

async function signInContext(request: Request, context: { params: Promise<{ id: string }> }) {
  const { id } = await context.params;
  const registry = await getRegistry();
  const user = await currentUser(request);
  return { id, registry, connection: registry.getFor(id, user.id), user };
}

function signInFailure(error: unknown): Response {
  if (error instanceof SignInError) return jsonError(error.status, error.message);
  throw error;
}

/** Connect: starts the OAuth sign-in; the browser goes to `url`, or the server is connected already. */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const parsed = await readBody(request, schema, 2_000, 'Expected { "returnTo"?: a path of this host }.');
  if (!parsed.ok) return parsed.response;
  const { id, registry, connection, user } = await signInContext(request, context);
  if (!connection || !registry.oauth) return jsonError(404, `No server has the id "${id}".`);
  try {
    return Response.json(await registry.oauth.start(connection, user.id, parsed.data.returnTo ?? '/preview'));
  } catch (error) {
    return signInFailure(error);
  }
});

/** Disconnect: the host forgets this user's tokens for the server. */
export const DELETE = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id, registry, connection, user } = await signInContext(request, context);
  if (!connection || !registry.oauth) return jsonError(404, `No server has the id "${id}".`);
  try {
    await registry.oauth.signOut(connection, user.id);
    return new Response(null, { status: 204 });
  } catch (error) {
    return signInFailure(error);
  }
});
