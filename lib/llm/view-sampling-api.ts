import 'server-only';
import { CreateMessageRequestParamsSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import type { SessionUser } from '../auth/session';
import { clientId } from '../http/ids';
import { jsonError, readBody } from '../http/json';
import { getRegistry } from '../mcp/host-registry';
import { handleViewSampling } from '../mcp/sampling';
import { samplingEndOf } from '../mcp/sampling-refusal';
import { findView } from './view-tool-api';

const requestSchema = z.object({
  viewId: z.string().min(1).max(100),
  /** The view's `sampling/createMessage` params, checked against the spec's schema here. */
  params: CreateMessageRequestParamsSchema,
});

/**
 * POST /api/conversations/[id]/view-sampling: an MCP Apps view asks the conversation's model
 * (`sampling/createMessage`). The view is looked up in the host's own records of this user's
 * conversation; the request then takes the same path as its server's own (lib/mcp/sampling.ts):
 * the rate limit, the trust state, the gate, the run and the scrub. The answer is the spec's
 * `CreateMessageResult`; a refusal is 403 with the sentence the view may show.
 */
export async function handleViewSamplingRequest(
  request: Request,
  user: SessionUser,
  conversationId: string,
): Promise<Response> {
  if (!clientId.safeParse(conversationId).success) return jsonError(404, 'This conversation does not exist.');
  const parsed = await readBody(
    request,
    requestSchema,
    1_000_000,
    'A view sampling request is { "viewId": string, "params": the sampling/createMessage params }.',
  );
  if (!parsed.ok) return parsed.response;
  const view = await findView(user, conversationId, parsed.data.viewId);
  if (!view) return jsonError(404, 'No view with this id is open in this conversation.');
  const connection = (await getRegistry()).getFor(view.serverId, user.id);
  if (!connection) return jsonError(404, "This view's server is no longer connected.");
  try {
    const result = await handleViewSampling(
      {
        viewId: view.viewId,
        callId: `view:${view.viewId}`,
        userId: user.id,
        conversationId,
        serverId: view.serverId,
        serverKey: connection.key,
        serverName: connection.config.name,
        toolName: view.toolName,
        ...(view.toolTitle ? { toolTitle: view.toolTitle } : {}),
      },
      parsed.data.params,
      request.signal,
    );
    return Response.json(result);
  } catch (error) {
    const end = samplingEndOf(error);
    if (!end) throw error;
    return Response.json({ error: (error as Error).message, reason: end }, { status: 403 });
  }
}
