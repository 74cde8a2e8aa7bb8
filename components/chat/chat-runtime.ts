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
 * sends only the newest user message (the server holds the history) to `/api/chat`. This module is
 * loaded after the page is interactive (use-host-chat.ts), with the `ai` package and zod.
 */
export function createHostChat(options: {
  id: string;
  messages: UIMessage[];
  onFinish: () => void;
}): HostChat {
  return new Chat<UIMessage>({
    id: options.id,
    messages: options.messages,
    onFinish: options.onFinish,
    transport: new HostChatTransport({
      api: '/api/chat',
      prepareSendMessagesRequest: ({ id, messages, trigger, body }) => ({
        body: {
          ...body,
          id,
          trigger,
          message: lastUserMessage(messages),
          ...(opensNewChat(messages, trigger) ? { newChat: true } : {}),
        },
      }),
    }),
  });
}
