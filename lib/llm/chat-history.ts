import 'server-only';
import type { UIMessage } from 'ai';
import { pathTo } from '../chat/message-tree';
import { configuredCredentialPatterns } from '../config/load';
import type { Db } from '../db';
import { type StoredTree, saveMessage, showBranch } from '../db/queries/messages';
import { log } from '../log/logger';
import { createScrubSet } from '../trust/scrub';
import type { ChatRequest } from './chat-request';
import { conversationTree } from './interrupted-turns';
import { keepPromptMarks, partsFingerprint } from './prompt-parts';
import { conversationSensitiveValues } from './scrub-book';
import { markRunningTurn, type TurnMarker } from './turn-marker';

export type HistoryResult =
  | {
      ok: true;
      /** The branch the turn answers, root first: the path to the message it answers. */
      history: UIMessage[];
      /**
       * Every message of the conversation, of every branch: a value withheld on another branch stays
       * withheld on this one (lib/llm/scrub-book.ts).
       */
      everything: UIMessage[];
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
const EMPTY: StoredTree = { nodes: [], activeLeaf: null };

/**
 * The history a turn runs on, rebuilt from the database. The client contributes only a new user
 * message and which stored message it follows, or a stored message of its own to be answered
 * again; it can never rewrite anything stored. An edit is a new message beside the one edited,
 * a regenerated reply a new one beside the earlier replies (lib/chat/message-tree.ts): the history
 * is the path to the message answered, whatever other branches hold. The turn is marked as running
 * once its history is read, so a mark of an earlier turn cut by a crash comes before this turn's message.
 */
export async function turnHistory(
  db: Db,
  userId: string,
  request: ChatRequest,
  created: boolean,
  /** The conversation already being read (beside the conversation's upsert); read here when absent. */
  reading?: Promise<StoredTree>,
): Promise<HistoryResult> {
  const tree = created ? EMPTY : await (reading ?? conversationTree(db, userId, request.id));
  const incoming = request.message;
  if (!incoming) return { ok: false, status: 400, error: 'Invalid chat request: message is required.' };
  const turn = (stored?: Promise<boolean>) => markRunningTurn(db, userId, request.id, incoming.id, stored);
  const everything = tree.nodes.map((n) => n.message);
  const known = tree.nodes.find((n) => n.id === incoming.id);
  if (known) {
    if (known.message.role !== 'user') {
      return { ok: false, status: 409, error: 'Only a message of yours can be answered again.' };
    }
    if (partsFingerprint(known.message.parts) !== partsFingerprint(incoming.parts)) {
      return {
        ok: false,
        status: 409,
        error: 'A sent message cannot be changed: edit it to send a new version.',
      };
    }
    // The branch shown ends at the message while its new reply runs: a reload then resumes the
    // reply, and the reply is shown once stored (messages.ts).
    await showBranch(db, userId, request.id, known.id);
    const history = pathTo(tree.nodes, known.id).map((n) => n.message);
    return { ok: true, history, everything, saved: STORED, turn: turn() };
  }
  const parentId = parentOf(tree, request.parentId);
  const previous = parentId === null ? [] : pathTo(tree.nodes, parentId).map((n) => n.message);
  // A version of a message (an edit) keeps what the host knew was a prompt's text in the versions
  // beside it marked as the prompt's (prompt-parts.ts).
  const versions = tree.nodes.filter((n) => n.parentId === parentId && n.message.role === 'user');
  const fresh = newUserMessage(incoming);
  const message: UIMessage = {
    ...fresh,
    parts: keepPromptMarks(
      versions.flatMap((n) => n.message.parts),
      fresh.parts,
    ),
  };
  const saved = storeUserMessage(db, userId, request.id, message, everything, parentId);
  // Marked only once the message is stored: a marker names a message a read can find, so a turn
  // killed between the two is never left with nothing to mark under it.
  return {
    ok: true,
    history: [...previous, message],
    everything: [...everything, message],
    saved,
    turn: turn(saved),
  };
}

/**
 * The stored message a new one follows: the one the client names when it is stored in this user's
 * conversation; null for a first message. Otherwise (no word, or a message that is not stored: a
 * reply with nothing in it, or one the database did not take) the leaf of the branch shown, as a
 * client naming no parent has always had it.
 */
function parentOf(tree: StoredTree, asked: string | null | undefined): string | null {
  if (asked === null) return null;
  if (asked !== undefined && tree.nodes.some((n) => n.id === asked)) return asked;
  return pathTo(tree.nodes, tree.activeLeaf).at(-1)?.id ?? null;
}

/**
 * How a user message is sealed at rest: one repeating a value already withheld in the conversation
 * (`previous`, every branch of it; a view's ui/message, say) is sealed too, as are credentials.
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
 * Stores a new user message after `parentId` (null: as a first message), sealed against the values
 * withheld in `previous`: true once it is, false (logged) if it could not be. It never rejects.
 */
export function storeUserMessage(
  db: Db,
  userId: string,
  conversationId: string,
  message: UIMessage,
  previous: UIMessage[],
  parentId: string | null,
): Promise<boolean> {
  return saveMessage(db, userId, conversationId, message, { ...sealedAfter(previous), parentId }).then(
    () => true,
    (error: unknown) => {
      log('error', '[chat] could not save the message:', { error });
      return false;
    },
  );
}
