import type { UIMessage } from 'ai';

/** How a reply ended short of its end: the user stopped it, or the model's stream broke off. */
export type ReplyEnding = 'stopped' | 'cut-off';

/** What the chat keeps about how a reply ended, in the message's metadata (server and browser). */
export interface ReplyMetadata {
  /** What arrived is kept and marked, never shown as a complete reply. */
  ended?: ReplyEnding;
}

export function replyEnding(message: Pick<UIMessage, 'metadata'>): ReplyEnding | null {
  const metadata = message.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const ended = (metadata as ReplyMetadata).ended;
  return ended === 'stopped' || ended === 'cut-off' ? ended : null;
}

export function markEnded(message: UIMessage, ended: ReplyEnding): UIMessage {
  const metadata = typeof message.metadata === 'object' && message.metadata !== null ? message.metadata : {};
  return { ...message, metadata: { ...metadata, ended } satisfies ReplyMetadata };
}
