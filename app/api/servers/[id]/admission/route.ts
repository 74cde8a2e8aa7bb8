import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';
import { mayManage } from '@/lib/mcp/registry';
import { serverView } from '@/lib/mcp/snapshot';
import { safeErrorText } from '@/lib/mcp/wire-errors';
import { ADMISSION_MODES, admissionSwitchText } from '@/lib/mcplet/admission-switch';

export const dynamic = 'force-dynamic';

const switchSchema = z.object({ admission: z.enum(['strict', 'annotations', 'overlay']) });

function operatorsServer(id: string): Response {
  return jsonError(
    403,
    `"${id}" is the operator's server, shared by everyone: only host.config.json sets its admission.`,
  );
}

/**
 * GET: what switching the server's admission mode to each other mode would do to its tools as last
 * listed (5.3.1), in words, and whether this user may switch it. Another user's server is not here.
 */
export const GET = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await currentUser(request);
  const connection = (await getRegistry()).getFor(id, user.id);
  if (!connection) return jsonError(404, `No server has the id "${id}".`);
  const options = ADMISSION_MODES.filter((mode) => mode !== connection.config.admission).map((mode) => {
    const change = connection.admissionSwitch(mode);
    return change
      ? { mode, rejected: change.rejected, admitted: change.admitted, lines: admissionSwitchText(change) }
      : { mode, rejected: [], admitted: [], lines: [`${connection.config.name} has listed no tools yet.`] };
  });
  return Response.json({
    admission: connection.config.admission,
    mayChange: mayManage(connection, user.id, deploymentMode()),
    options,
  });
});

/**
 * POST { admission }: switches the mode and re-admits the catalog (the tools are listed again); by
 * the rules of removing a server: its owner; the operator's servers only in local mode.
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await currentUser(request);
  const parsed = await readBody(
    request,
    switchSchema,
    1_000,
    'Send { "admission": strict, annotations or overlay }.',
  );
  if (!parsed.ok) return parsed.response;
  const registry = await getRegistry();
  let outcome: Awaited<ReturnType<typeof registry.readmit>>;
  try {
    outcome = await registry.readmit(id, user.id, parsed.data.admission);
  } catch (error) {
    // The mode is switched (and stored); only the re-listing failed: the next connect lists under it.
    return jsonError(
      502,
      `"${id}" is now under ${parsed.data.admission}, but listing its tools again failed: ${safeErrorText(error)}. They are listed again when it reconnects.`,
    );
  }
  if (outcome === 'not-found') return jsonError(404, `No server has the id "${id}".`);
  if (outcome === 'operator-server') return operatorsServer(id);
  return Response.json({ server: serverView(outcome, { userId: user.id, pins: registry.pins }) });
});
