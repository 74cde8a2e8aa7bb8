import 'server-only';
import { z } from 'zod';
import type { SessionUser } from '../auth/session';
import { getDb } from '../db';
import { getConversation } from '../db/queries/conversations';
import { messageExists } from '../db/queries/messages';
import { clientId } from '../http/ids';
import { jsonError, readBody } from '../http/json';
import { heldReplies } from './held-replies';

const bodySchema = z.object({ messageId: clientId }).strict();

export const NOT_HELD =
  'This reply is no longer held by the server, so it cannot be saved now. Copy it to keep it.';
export const SAVE_FAILED = 'This reply could not be saved and will not be kept. Copy it to keep it.';

/**
 * POST /api/chat/[id]/reply-save: the user's Retry saving of a reply marked not saved. Only the
 * instance that ran the turn holds the reply (held-replies.ts says why); elsewhere, or once it was
 * dropped, the answer is 404 with a sentence saying so. A reply already stored (the background retry
 * got there first) answers saved. While the database is still unreachable the held reply's save
 * throws PartUnavailableError, which the route wrapper answers as 503. Another user's conversation,
 * or none, is not found, as on every route of a conversation.
 */
export async function handleReplySave(
  request: Request,
  user: SessionUser,
  conversationId: string,
): Promise<Response> {
  if (!clientId.safeParse(conversationId).success) return jsonError(404, 'This conversation does not exist.');
  const body = await readBody(request, bodySchema, 1_000, 'Expected { messageId }.');
  if (!body.ok) return body.response;
  const { messageId } = body.data;
  // Held replies are keyed by their user: another user's is never found here.
  const answer = await heldReplies().retry({ userId: user.id, conversationId, messageId });
  if (answer.status === 'saved') return Response.json({ saved: true });
  if (answer.status === 'failed') return jsonError(500, SAVE_FAILED);
  const db = await getDb();
  if (!(await getConversation(db, user.id, conversationId)))
    return jsonError(404, 'This conversation does not exist.');
  if (await messageExists(db, conversationId, messageId)) return Response.json({ saved: true });
  return jsonError(404, NOT_HELD);
}
