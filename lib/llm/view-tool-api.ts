import 'server-only';
import { CallToolResultSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import type { SessionUser } from '../auth/session';
import { getDb } from '../db';
import { dropViewApprovalRules } from '../db/queries/approval-rules';
import { listMessages } from '../db/queries/messages';
import type { CallContext } from '../gates/remembered';
import { clientId } from '../http/ids';
import { jsonError, readBody } from '../http/json';
import { getRegistry } from '../mcp/host-registry';
import { gateFor } from '../mcplet/policy';
import { viewToolModelName } from '../mcplet/view-tools';
import { answerRun, endRunsOf } from './view-runs';
import { dropListing, type KnownView, recordListing, rememberedView, viewInMessages } from './view-tools';

const viewId = z.string().min(1).max(100);

const listingSchema = z.object({
  viewId,
  /** The view's `tools/list` answer as the bridge received it; admitted on the server. */
  tools: z.array(z.unknown()).max(100),
});

const runAnswerSchema = z.union([
  z.object({ result: CallToolResultSchema }),
  z.object({ error: z.string().max(2_000) }),
]);

/** The view behind an id, from the server's own records only: a tool call it ran, or one stored. */
export async function findView(
  user: SessionUser,
  conversationId: string,
  id: string,
): Promise<KnownView | undefined> {
  const remembered = rememberedView(user.id, conversationId, id);
  if (remembered) return remembered;
  const registry = await getRegistry();
  const messages = await listMessages(await getDb(), user.id, conversationId);
  return viewInMessages(messages, id, (modelName) => {
    const tool = registry.resolveModelName(modelName, user.id);
    if (!tool) return undefined;
    return { ...tool, serverName: registry.getFor(tool.serverId, user.id)?.config.name ?? tool.serverId };
  });
}

/**
 * Where a view's call comes from, for remembered approvals: the conversation and view it names,
 * only if the server's own records show that view open in that conversation for this user and
 * showing this server. Anything else yields no context, which can only narrow what is remembered.
 */
export async function viewCallContext(
  user: SessionUser,
  call: { serverId: string; surface: 'model' | 'app'; conversationId?: string; viewId?: string },
): Promise<CallContext> {
  const { conversationId, viewId: id } = call;
  if (call.surface !== 'app' || !conversationId || !id) return {};
  if (!clientId.safeParse(conversationId).success || !viewId.safeParse(id).success) return {};
  const view = await findView(user, conversationId, id).catch(() => undefined);
  return view?.serverId === call.serverId ? { conversationId, viewId: id } : {};
}

/** POST /api/conversations/[id]/view-tools: a view's `tools/list`, admitted and kept on the server. */
export async function handleViewListing(request: Request, user: SessionUser, conversationId: string) {
  if (!clientId.safeParse(conversationId).success) return jsonError(404, 'This conversation does not exist.');
  const parsed = await readBody(
    request,
    listingSchema,
    200_000,
    'A view listing is { "viewId": string, "tools": [at most 100 tools] }.',
  );
  if (!parsed.ok) return parsed.response;
  const view = await findView(user, conversationId, parsed.data.viewId);
  if (!view) return jsonError(404, 'No view with this id is open in this conversation.');
  const listing = recordListing(user.id, conversationId, view, parsed.data.tools);
  return Response.json({
    admitted: listing.admitted.map((t) => ({
      name: t.name,
      modelName: viewToolModelName({ ...t, viewId: view.viewId }),
      gate: gateFor(t),
      ...(t.descriptionWithheld ? { descriptionWithheld: true } : {}),
      warnings: t.warnings,
    })),
    rejected: listing.rejected.map((t) => ({ name: t.name, reasons: t.reasons })),
  });
}

/** DELETE /api/conversations/[id]/view-tools?viewId=…: the view was torn down. */
export async function handleViewDropped(request: Request, user: SessionUser, conversationId: string) {
  const id = new URL(request.url).searchParams.get('viewId') ?? '';
  if (!viewId.safeParse(id).success) return jsonError(400, 'Name the view: ?viewId=…');
  dropListing(user.id, conversationId, id);
  endRunsOf(user.id, conversationId, id);
  // "While this view is open" ends here.
  await dropViewApprovalRules(await getDb(), user.id, id);
  return new Response(null, { status: 204 });
}

/** POST /api/conversations/[id]/view-tools/runs/[runId]: what the view returned for one approved run. */
export async function handleRunAnswer(
  request: Request,
  user: SessionUser,
  conversationId: string,
  runId: string,
) {
  // The bridge refuses results above 1 MB; the margin is the answer's own wrapping.
  const parsed = await readBody(
    request,
    runAnswerSchema,
    1_100_000,
    'A run answer is { "result": CallToolResult } or { "error": string }.',
  );
  if (!parsed.ok) return parsed.response;
  const answered = answerRun(runId, user.id, conversationId, parsed.data);
  if (!answered.ok) return jsonError(answered.status, answered.reason);
  return new Response(null, { status: 204 });
}
