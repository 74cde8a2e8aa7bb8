import { z } from 'zod';
import { currentUser } from '@/lib/auth/session';
import { deploymentMode } from '@/lib/config/deployment';
import { ANSWER_REASONS } from '@/lib/gates/answers';
import { answerGate } from '@/lib/gates/gated-call';
import { gateStore } from '@/lib/gates/store';
import { jsonError, readBody } from '@/lib/http/json';
import { routeHandler } from '@/lib/http/route-handler';
import { withRequestContext } from '@/lib/log/request-context';
import { toCallResponse } from '@/lib/mcp/call-response';
import { answerCommandGate } from '@/lib/mcp/command-servers';
import { getRegistry } from '@/lib/mcp/host-registry';
import { serverView } from '@/lib/mcp/snapshot';

export const dynamic = 'force-dynamic';

const schema = z
  .object({
    approved: z.boolean(),
    reason: z.enum(ANSWER_REASONS).optional(),
    assertion: z.unknown().optional(),
    /** Under review: the arguments as the user edited them; validated again and bound to the approval. */
    args: z.record(z.string(), z.unknown()).optional(),
    /** Remember this approval: one of the scopes the ticket offered; the server builds the rule. */
    remember: z.enum(['conversation', 'view', 'always']).optional(),
  })
  .strict();

/**
 * The user's answer to a gate the server opened. A passkey gate is approved only with an assertion
 * for the challenge issued for that call; the assertion is never stored or logged.
 */
export const POST = routeHandler(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = await context.params;
  const parsed = await readBody(
    request,
    schema,
    50_000,
    'A gate answer is { "approved": boolean, "reason"?, "assertion"?, "args"?, "remember"? }.',
  );
  if (!parsed.ok) return parsed.response;
  const user = await currentUser(request);
  const { args: edited, remember, ...rest } = parsed.data;
  const answer = rest as Parameters<typeof answerGate>[3];
  const kind = (await gateStore().ticket(id, user.id))?.kind;
  // A server's sampling request is answered where its edit is checked (POST /api/sampling/[id]).
  if (kind === 'sampling')
    return jsonError(409, 'This is a sampling request; answer it in the sampling dialog.');
  if (kind === 'command') {
    const answered = await answerCommandGate(await getRegistry(), id, user.id, answer, deploymentMode());
    if (!answered.ok) return jsonError(answered.status, answered.reason);
    if ('refused' in answered) return Response.json({ ok: true, result: { refused: answered.refused } });
    return Response.json({ ok: true, result: { server: serverView(answered.started) } });
  }
  // An approved call is dispatched here: its log lines name this request.
  const outcome = await withRequestContext(request, user.id, async () =>
    answerGate(await getRegistry(), id, user.id, answer, edited, remember),
  );
  // A model's call lost with the instance that ran its turn says so (`lost`): the dialog shows why.
  if (!outcome.ok)
    return jsonError(outcome.status, outcome.reason, {
      ...(outcome.retry ? { retry: true } : {}),
      ...(outcome.lost ? { lost: true } : {}),
    });
  // The ticket does not say whether the preview or a view asked: a gated call's answer carries the
  // exchange either way (a gate waited on a person; its size is not what the wait costs).
  return Response.json({ ok: true, result: outcome.result && toCallResponse(outcome.result, true) });
});
