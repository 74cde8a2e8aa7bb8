import 'server-only';
import type { UIMessage } from 'ai';
import { configuredCredentialPatterns } from '../config/load';
import type { Db } from '../db';
import { deleteMessagesAfter, saveMessage } from '../db/queries/messages';
import { log } from '../log/logger';
import { createScrubSet } from '../trust/scrub';
import type { ChatRequest } from './chat-request';
import { conversationMessages } from './interrupted-turns';
import { keepPromptMarks, partsFingerprint } from './prompt-parts';
import { conversationSensitiveValues } from './scrub-book';
import { markRunningTurn, type TurnMarker } from './turn-marker';

export type HistoryResult =
  | {
      ok: true;
      history: UIMessage[];
      /**
       * The new user message being stored, off the model's path: true once it is, false
       * (logged) if it could not be. It never rejects.
       */
      saved: Promise<boolean>;
      /** The turn marked as running on this instance, until it ends (turn-marker.ts). */
      turn: TurnMarker;
    }
  | { ok: false; status: number; error: string };

const STORED = Promise.resolve(true);

/**
 * The history a turn runs on, rebuilt from the database. The client contributes only a new user
 * message, or the retry or edit of its latest one; it can never rewrite anything before that. The
 * turn is marked as running once its history is read, so a mark of an earlier turn cut by a crash
 * comes before this turn's message.
 */
export async function turnHistory(
  db: Db,
  userId: string,
  request: ChatRequest,
  created: boolean,
  /** The history already being read (beside the conversation's upsert); read here when absent. */
  reading?: Promise<UIMessage[]>,
): Promise<HistoryResult> {
  const stored = created ? [] : await (reading ?? conversationMessages(db, userId, request.id));
  const incoming = request.message;
  if (!incoming) return { ok: false, status: 400, error: 'Invalid chat request: message is required.' };
  const turn = (stored?: Promise<boolean>) => markRunningTurn(db, userId, request.id, incoming.id, stored);
  const knownIndex = stored.findIndex((m) => m.id === incoming.id);
  const known = stored[knownIndex];
  if (known) {
    if (known.role !== 'user' || stored.findLastIndex((m) => m.role === 'user') !== knownIndex) {
      return { ok: false, status: 409, error: 'Only the latest message can be retried.' };
    }
    if (knownIndex < stored.length - 1) await deleteMessagesAfter(db, userId, request.id, incoming.id);
    const previous = stored.slice(0, knownIndex);
    if (partsFingerprint(known.parts) === partsFingerprint(incoming.parts))
      return { ok: true, history: [...previous, known], saved: STORED, turn: turn() };
    // The user edited their latest message; it is stored as edited. A prompt's
    // text it still holds stays marked as the prompt's (prompt-parts.ts).
    const edited: UIMessage = { ...known, parts: keepPromptMarks(known.parts, incoming.parts) };
    await saveMessage(db, userId, request.id, edited, sealedAfter(previous));
    return { ok: true, history: [...previous, edited], saved: STORED, turn: turn() };
  }
  const message = newUserMessage(incoming);
  const saved = storeUserMessage(db, userId, request.id, message, stored);
  // Marked only once the message is stored: a marker names a message a read can find, so a turn
  // killed between the two is never left with nothing to mark under it.
  return { ok: true, history: [...stored, message], saved, turn: turn(saved) };
}

/**
 * How a user message after `previous` is sealed at rest: one repeating a value already withheld in
 * the conversation (a view's ui/message, say) is sealed too, as are credentials.
 */
function sealedAfter(previous: UIMessage[]) {
  return {
    scrubSet: createScrubSet(conversationSensitiveValues(previous)),
    credentialPatterns: configuredCredentialPatterns(),
  };
}

/** The turn's new user message as it is stored and sent: the client's id and its text and prompt parts only. */
export function newUserMessage(incoming: NonNullable<ChatRequest['message']>): UIMessage {
  return { id: incoming.id, role: 'user', parts: incoming.parts };
}

/**
 * Stores a new user message after `previous`: true once it is, false (logged) if it could not be.
 * It never rejects.
 */
export function storeUserMessage(
  db: Db,
  userId: string,
  conversationId: string,
  message: UIMessage,
  previous: UIMessage[],
): Promise<boolean> {
  return saveMessage(db, userId, conversationId, message, sealedAfter(previous)).then(
    () => true,
    (error: unknown) => {
      log('error', '[chat] could not save the message:', { error });
      return false;
    },
  );
}
