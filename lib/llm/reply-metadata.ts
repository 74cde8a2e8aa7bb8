import type { UIMessage } from 'ai';

/**
 * How a reply ended short of its end: the user stopped it, the model's stream broke off, or the
 * instance running the turn died (killed, crashed) before anything was stored.
 */
export type ReplyEnding = 'stopped' | 'cut-off' | 'interrupted';

const ENDINGS: ReadonlySet<string> = new Set<ReplyEnding>(['stopped', 'cut-off', 'interrupted']);

/** What the chat keeps about how a reply ended, in the message's metadata (server and browser). */
export interface ReplyMetadata {
  /** What arrived is kept and marked, never shown as a complete reply. */
  ended?: ReplyEnding;
}

export function replyEnding(message: Pick<UIMessage, 'metadata'>): ReplyEnding | null {
  const metadata = message.metadata;
  if (typeof metadata !== 'object' || metadata === null) return null;
  const ended = (metadata as ReplyMetadata).ended;
  return typeof ended === 'string' && ENDINGS.has(ended) ? ended : null;
}

/**
 * The mark a turn cut by a crash left (lib/llm/interrupted-turns.ts): an assistant message with no
 * content, only the statement that its reply was interrupted. Never part of the model's history.
 */
export function isInterruptedMark(message: Pick<UIMessage, 'role' | 'metadata' | 'parts'>): boolean {
  return (
    message.role === 'assistant' &&
    replyEnding(message) === 'interrupted' &&
    message.parts.every((p) => p.type === 'step-start')
  );
}

export function markEnded(message: UIMessage, ended: ReplyEnding): UIMessage {
  const metadata = typeof message.metadata === 'object' && message.metadata !== null ? message.metadata : {};
  return { ...message, metadata: { ...metadata, ended } satisfies ReplyMetadata };
}
