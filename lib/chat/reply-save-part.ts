import type { UIMessage } from 'ai';

/**
 * What a turn's stream says, in place of its `finish`, when the reply it streamed could not be
 * stored: the reply stays on screen marked as not saved. `database`: the database stayed
 * unreachable; `error`: the save failed for another reason. `held`: the instance that ran the turn
 * keeps it in memory and can still be asked to save it (POST /api/chat/[id]/reply-save).
 */
export interface ReplyNotSaved {
  saved: false;
  reason: 'database' | 'error';
  held: boolean;
}

export const REPLY_SAVE_PART = 'data-reply-save';

type Part = UIMessage['parts'][number];

/** The not-saved mark a reply carries, or null. */
export function replyNotSaved(message: Pick<UIMessage, 'parts'>): ReplyNotSaved | null {
  const part = message.parts.find((p: Part) => p.type === REPLY_SAVE_PART);
  if (!part || !('data' in part)) return null;
  const data = part.data as Partial<ReplyNotSaved> | null;
  if (data?.saved !== false) return null;
  return {
    saved: false,
    reason: data.reason === 'database' ? 'database' : 'error',
    held: data.held === true,
  };
}

/** The sentence the chat shows under a reply that could not be stored. */
export function notSavedSentence(mark: ReplyNotSaved): string {
  return mark.reason === 'database'
    ? 'This reply could not be saved: the server cannot reach its database.'
    : 'This reply could not be saved.';
}
