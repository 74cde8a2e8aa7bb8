import 'server-only';
import type { UIMessage } from 'ai';
import { configuredCredentialPatterns } from '../config/load';
import type { Db } from '../db';
import { deleteMessagesAfter, listMessages, saveMessage } from '../db/queries/messages';
import { createScrubSet } from '../trust/scrub';
import type { ChatRequest } from './chat-request';
import { conversationSensitiveValues } from './scrub-book';

export type HistoryResult = { ok: true; history: UIMessage[] } | { ok: false; status: number; error: string };

/**
 * The history a turn runs on, rebuilt from the database. The client contributes only a new user
 * message or the retry of its latest one; it can never rewrite what is stored.
 */
export async function turnHistory(
  db: Db,
  userId: string,
  request: ChatRequest,
  created: boolean,
): Promise<HistoryResult> {
  const stored = created ? [] : await listMessages(db, userId, request.id);
  const incoming = request.message;
  if (!incoming) return { ok: false, status: 400, error: 'Invalid chat request: message is required.' };
  const knownIndex = stored.findIndex((m) => m.id === incoming.id);
  if (knownIndex >= 0) {
    if (
      stored[knownIndex]?.role !== 'user' ||
      stored.findLastIndex((m) => m.role === 'user') !== knownIndex
    ) {
      return { ok: false, status: 409, error: 'Only the latest message can be retried.' };
    }
    if (knownIndex < stored.length - 1) await deleteMessagesAfter(db, userId, request.id, incoming.id);
    return { ok: true, history: stored.slice(0, knownIndex + 1) };
  }
  const message: UIMessage = { id: incoming.id, role: 'user', parts: incoming.parts };
  // A message repeating a value already withheld (a view's ui/message, say) is sealed at rest too.
  await saveMessage(db, userId, request.id, message, {
    scrubSet: createScrubSet(conversationSensitiveValues(stored)),
    credentialPatterns: configuredCredentialPatterns(),
  });
  return { ok: true, history: [...stored, message] };
}
