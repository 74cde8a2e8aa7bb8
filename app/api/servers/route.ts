import { originsFor } from '@/lib/apps/origins';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { jsonError, readJson } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { askToStartCommand, isCommandServer } from '@/lib/mcp/command-servers';
import { getRegistry } from '@/lib/mcp/host-registry';
import { RegistryError } from '@/lib/mcp/registry';
import { parseRegistration } from '@/lib/mcp/server-config';
import { serverView } from '@/lib/mcp/snapshot';
import { OutboundRefusedError } from '@/lib/net/guard';

export const dynamic = 'force-dynamic';

export const GET = routeHandler(async (request: Request) => {
  const registry = await getRegistry();
  const viewer = { userId: (await currentUser(request)).id, pins: registry.pins };
  await registry.reachFor(viewer.userId);
  const servers = await Promise.all(
    registry.listFor(viewer.userId).map(async (c) => {
      const signIn = await registry.oauth?.status(c.config, viewer.userId);
      return { ...serverView(c, viewer), ...(signIn ? { signIn } : {}) };
    }),
  );
  return Response.json({ servers });
});

/**
 * Adds a server. A URL server is connected at once (201). A command (stdio) server is only asked
 * for (202 with a gate ticket): the user confirms its exact command in the host-drawn dialog, and the
 * approval at POST /api/gates/{id} starts it (docs/security.md, "Command execution").
 */
export const POST = routeHandler(async (request: Request) => {
  const body = await readJson(request, 100_000);
  if (!body.ok) return body.response;
  const parsed = parseRegistration(body.value);
  if (!parsed.ok) return jsonError(400, `Cannot add the server: ${parsed.error}.`);
  const user = await currentUser(request);
  const registry = await getRegistry();
  const registration = parsed.registration;
  if (isCommandServer(registration)) {
    const asked = await askToStartCommand(registry, registration, user.id, {
      mode: deploymentMode(),
      from: { origin: request.headers.get('origin'), fetchSite: request.headers.get('sec-fetch-site') },
      hostOrigin: originsFor(process.env).host,
    });
    if (!asked.ok) return jsonError(asked.status, asked.reason);
    return Response.json({ gate: asked.ticket }, { status: 202 });
  }
  try {
    const connection = await registry.add(registration, user.id);
    return Response.json({ server: serverView(connection) }, { status: 201 });
  } catch (error) {
    if (error instanceof RegistryError) return jsonError(409, error.message);
    if (error instanceof OutboundRefusedError)
      return jsonError(422, `Cannot add the server: ${error.message}.`);
    throw error;
  }
});
