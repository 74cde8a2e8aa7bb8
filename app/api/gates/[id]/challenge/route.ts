import { currentUser } from '@/lib/auth/session';
import { gateStore } from '@/lib/gates/store';
import { jsonError } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { GATE_TABLE } from '@/lib/mcplet/gates';
import { assertionChallenge, Fido2Refused, Fido2Unavailable } from '@/lib/passkey/fido2-client';

export const dynamic = 'force-dynamic';

/**
 * Phase 4: the host fetches an assertion challenge for the ticket's exact call from the FIDO2
 * server. If the FIDO2 server is down the call ends with SERVICE_UNAVAILABLE (7.4).
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const user = await currentUser(request);
  const ticket = await gateStore().ticket(id, user.id);
  if (!ticket || GATE_TABLE[ticket.gate].server !== 'assertion')
    return jsonError(404, 'No such passkey confirmation request.');
  try {
    const issued = await assertionChallenge(user.id, {
      server: ticket.bindingServer,
      tool: ticket.toolName,
      arguments: ticket.args,
    });
    if (!(await gateStore().recordChallenge(id, user.id, issued.challenge)))
      return jsonError(409, 'This confirmation request is no longer open.');
    return Response.json({ options: issued.options, expiresAt: issued.expiresAt });
  } catch (error) {
    if (error instanceof Fido2Unavailable) {
      await gateStore().fail(id, user.id, 'fido2-unavailable');
      return jsonError(503, error.message);
    }
    if (error instanceof Fido2Refused) return jsonError(error.status === 409 ? 409 : 400, error.message);
    throw error;
  }
});
