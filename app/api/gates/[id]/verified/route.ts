import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import {
  VerifiedApprovalError,
  verifiedChallenge,
  verifiedEnrolment,
} from '@/lib/gates/verified-approval-flow';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { getRegistry } from '@/lib/mcp/host-registry';

export const dynamic = 'force-dynamic';

const schema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('challenge') }).strict(),
  z.object({ step: z.literal('enrol-begin') }).strict(),
  z.object({ step: z.literal('enrol-finish'), response: z.record(z.string(), z.unknown()) }).strict(),
]);

/**
 * SEP-2672 for one ticket: the MCP server's challenge for exactly its call (`challenge`), or its
 * enrolment ceremony on first use (`enrol-begin`, `enrol-finish`). The assertion itself is the
 * ticket's answer (POST /api/gates/{id}); the server verifies it when the call reaches it.
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const parsed = await readBody(
    request,
    schema,
    50_000,
    'Expected { "step": "challenge" | "enrol-begin" } or { "step": "enrol-finish", "response" }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const registry = await getRegistry();
  try {
    const body = parsed.data;
    if (body.step === 'challenge') return Response.json(await verifiedChallenge(registry, id, user.id));
    return Response.json(
      await verifiedEnrolment(
        registry,
        id,
        user.id,
        body.step === 'enrol-begin' ? { step: 'begin' } : { step: 'finish', response: body.response },
      ),
    );
  } catch (error) {
    if (error instanceof VerifiedApprovalError)
      return jsonError(error.status, error.message, error.reason ? { reason: error.reason } : {});
    throw error;
  }
});
