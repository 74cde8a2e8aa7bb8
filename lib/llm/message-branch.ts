import 'server-only';
import type { UIMessage } from 'ai';
import { z } from 'zod';
import type { SessionUser } from '../auth/session';
import { type ConversationBranch, leafUnder, pathTo, treeNodes } from '../chat/message-tree';
import { type Db, getDb } from '../db';
import { type StoredTree, showBranch } from '../db/queries/messages';
import { clientId } from '../http/ids';
import { jsonError, readJson } from '../http/json';
import { maskMessagesForDisplay } from './display-messages';
import { conversationTree } from './interrupted-turns';

export type Branch = ConversationBranch<UIMessage>;

/** A branch for the browser: its tool outputs' withheld values masked (display-messages.ts). */
function branchOf(tree: StoredTree, leaf: string | null): Branch {
  const messages = pathTo(tree.nodes, leaf).map((n) => n.message);
  return { messages: maskMessagesForDisplay(messages), tree: treeNodes(tree.nodes) };
}

/**
 * The branch a conversation opens on: the one it shows, or, opened at a message of another branch
 * (a search hit, `?m=`), that message's branch down to its newest reply, which it then shows.
 */
export async function openBranch(
  db: Db,
  userId: string,
  conversationId: string,
  at?: string | null,
): Promise<Branch> {
  const tree = await conversationTree(db, userId, conversationId);
  const shown = pathTo(tree.nodes, tree.activeLeaf);
  if (at && !shown.some((n) => n.id === at) && tree.nodes.some((n) => n.id === at)) {
    const leaf = leafUnder(tree.nodes, at);
    if (await showBranch(db, userId, conversationId, leaf)) return branchOf(tree, leaf);
  }
  return branchOf(tree, tree.activeLeaf);
}

/**
 * Shows version `messageId` of a message, with its branch down to its newest reply: null when the
 * message is not one of this user's conversation (another user's reads as not found).
 */
export async function switchVersion(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<Branch | null> {
  const tree = await conversationTree(db, userId, conversationId);
  if (!tree.nodes.some((n) => n.id === messageId)) return null;
  const leaf = leafUnder(tree.nodes, messageId);
  if (!(await showBranch(db, userId, conversationId, leaf))) return null;
  return branchOf(tree, leaf);
}

const switchSchema = z.object({ messageId: clientId }).strict();

/** POST /api/conversations/[id]/branch: `{ messageId }`, the version to show. */
export async function handleSwitchVersion(
  request: Request,
  user: SessionUser,
  conversationId: string,
): Promise<Response> {
  if (!clientId.safeParse(conversationId).success) return jsonError(404, 'This conversation does not exist.');
  const body = await readJson(request, 1_000);
  if (!body.ok) return body.response;
  const parsed = switchSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return jsonError(
      400,
      `Cannot show that version: ${issue?.path.join('.') || 'body'} ${issue?.message ?? ''}`.trim(),
    );
  }
  const branch = await switchVersion(await getDb(), user.id, conversationId, parsed.data.messageId);
  if (!branch) return jsonError(404, 'This message does not exist.');
  return Response.json(branch);
}
