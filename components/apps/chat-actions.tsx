'use client';
import { createContext, useContext } from 'react';

export interface ChatActions {
  /** Adds a user message to the conversation and starts a model turn. */
  sendUserMessage(text: string): void;
  /** The conversation's id, under which the server keeps what its open views report. */
  conversationId: string;
}

const noop: ChatActions = { sendUserMessage: () => {}, conversationId: '' };

export const ChatActionsContext = createContext<ChatActions>(noop);

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}

/**
 * The newest reply text in the chat, as `messageId:textParts`, or null: it changes when a reply
 * starts to say something, so a fullscreen view can tell the user one arrived behind it.
 */
export const LatestReplyContext = createContext<string | null>(null);

export function useLatestReply(): string | null {
  return useContext(LatestReplyContext);
}

/** Scrolls the chat to its newest reply and gives it the keyboard. */
export function showLatestReply(): void {
  const replies = document.querySelectorAll<HTMLElement>('article[data-role="assistant"]');
  const last = replies[replies.length - 1];
  if (!last) return;
  last.scrollIntoView({ block: 'start' });
  last.focus({ preventScroll: true });
}
