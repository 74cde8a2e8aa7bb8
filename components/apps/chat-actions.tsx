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
