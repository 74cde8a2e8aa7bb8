'use client';
import { Chat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { lastUserMessage, opensNewChat } from '@/lib/chat/ui-parts';
import { prefetchViewOf } from '../apps/view-resource';
import { readChatEvents } from './chat-event-stream';

export type HostChat = Chat<UIMessage>;

/**
 * The SDK's HTTP chat transport, reading the host's own stream without re-validating each chunk; a
 * tool call with a view starts reading the view's HTML as soon as it arrives.
 */
class HostChatTransport extends DefaultChatTransport<UIMessage> {
  protected override processResponseStream(
    stream: ReadableStream<Uint8Array>,
  ): ReadableStream<UIMessageChunk> {
    return readChatEvents(stream, prefetchViewOf);
  }
}

/**
 * The AI SDK's chat for one conversation: its stream reader, message assembly and stop/resume. It
 * sends only the newest user message and the id of the message shown before it (the server holds
 * the history) to `/api/chat`. This module is
 * loaded after the page is interactive (use-host-chat.ts), with the `ai` package and zod.
 */
export function createHostChat(options: {
  id: string;
  messages: UIMessage[];
  onFinish: () => void;
}): HostChat {
  // A chat that has had a message is never new again: an edit of its only message is a version.
  let started = options.messages.length > 0;
  return new Chat<UIMessage>({
    id: options.id,
    messages: options.messages,
    onFinish: options.onFinish,
    transport: new HostChatTransport({
      api: '/api/chat',
      prepareSendMessagesRequest: ({ id, messages, trigger, body }) => {
        const message = lastUserMessage(messages);
        const newChat = !started && opensNewChat(messages, trigger);
        started = true;
        // The message shown before it: the server takes it as the parent only if it is stored in
        // this user's conversation, and reads the history to it itself (lib/llm/chat-history.ts).
        const before = message ? messages[messages.indexOf(message) - 1] : undefined;
        return {
          body: {
            ...body,
            id,
            trigger,
            message,
            parentId: before?.id ?? null,
            ...(newChat ? { newChat: true } : {}),
          },
        };
      },
    }),
  });
}
