'use client';
import { createContext, useContext } from 'react';

export interface ChatActions {
  /** Adds a user message to the conversation and starts a model turn. */
  sendUserMessage(text: string): void;
}

const noop: ChatActions = { sendUserMessage: () => {} };

export const ChatActionsContext = createContext<ChatActions>(noop);

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}
