'use client';
import type { ChatRequestOptions, ChatStatus, UIMessage } from 'ai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextTaskOnce } from '@/lib/client/next-task';
import type { HostChat } from './chat-runtime';

type Runtime = typeof import('./chat-runtime');

let loading: Promise<Runtime> | null = null;

/** The chat runtime's chunk, fetched once per page; a failed fetch is tried again on the next use. */
function loadRuntime(): Promise<Runtime> {
  loading ??= import('./chat-runtime').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

// Fetched as soon as this module runs in the browser, beside hydration rather than after it.
if (typeof window !== 'undefined') void loadRuntime().catch(() => {});

interface Snapshot {
  messages: UIMessage[];
  status: ChatStatus;
  error: Error | undefined;
}

function snapshotOf(chat: HostChat): Snapshot {
  return { messages: chat.messages, status: chat.status, error: chat.error };
}

type SendInput = { text: string; messageId?: string } | { parts: UIMessage['parts']; messageId?: string };

/**
 * `useChat`'s surface over the AI SDK's chat, which loads after the page is interactive (so that
 * the chat page's first-load JavaScript leaves out the `ai` package and zod). Until it has loaded
 * the stored messages show; an action taken meanwhile waits for it and reads as submitted.
 */
export function useHostChat(options: { id: string; messages: UIMessage[]; onFinish: () => void }) {
  const { id } = options;
  const initial = useRef(options.messages);
  const onFinish = useRef(options.onFinish);
  onFinish.current = options.onFinish;
  const [chat, setChat] = useState<HostChat | null>(null);
  const [snapshot, setSnapshot] = useState<Snapshot>({
    messages: options.messages,
    status: 'ready',
    error: undefined,
  });
  const [waiting, setWaiting] = useState(0);
  const [loadError, setLoadError] = useState<Error | undefined>(undefined);
  const chatPromise = useRef<Promise<HostChat> | null>(null);
  const created = useRef<HostChat | null>(null);

  const ensureChat = useCallback((): Promise<HostChat> => {
    chatPromise.current ??= loadRuntime().then(
      (runtime) => {
        const made = runtime.createHostChat({
          id,
          messages: initial.current,
          onFinish: () => onFinish.current(),
        });
        created.current = made;
        setChat(made);
        return made;
      },
      (error: unknown) => {
        chatPromise.current = null;
        const failure = new Error(
          `The chat could not load (${error instanceof Error ? error.message : String(error)}). Try again.`,
        );
        setLoadError(failure);
        throw failure;
      },
    );
    return chatPromise.current;
  }, [id]);

  useEffect(() => {
    void ensureChat().catch(() => {});
  }, [ensureChat]);

  useEffect(() => {
    if (!chat) return;
    const publish = nextTaskOnce(() => setSnapshot(snapshotOf(chat)));
    const unsubscribe = [
      chat['~registerMessagesCallback'](publish.request),
      chat['~registerStatusCallback'](publish.request),
      chat['~registerErrorCallback'](publish.request),
    ];
    setSnapshot(snapshotOf(chat));
    return () => {
      publish.cancel();
      for (const stop of unsubscribe) stop();
      void chat.stop();
    };
  }, [chat]);

  /** Runs an action on the chat once it exists; while it loads, the chat reads as submitted. */
  const whenReady = useCallback(
    async (action: (chat: HostChat) => Promise<void>): Promise<void> => {
      setLoadError(undefined);
      // Loaded: straight on (a state change here would be rendered before the request goes out).
      if (created.current) return action(created.current);
      setWaiting((n) => n + 1);
      let ready: HostChat;
      try {
        ready = await ensureChat();
      } catch {
        return;
      } finally {
        setWaiting((n) => n - 1);
      }
      await action(ready);
    },
    [ensureChat],
  );

  const sendMessage = useCallback(
    (message: SendInput, request?: ChatRequestOptions) => whenReady((c) => c.sendMessage(message, request)),
    [whenReady],
  );
  const regenerate = useCallback(
    (request?: ChatRequestOptions) => whenReady((c) => c.regenerate(request)),
    [whenReady],
  );
  /** Sends a message after `shown` (the messages before it): a new version of the one that followed them. */
  const sendAfter = useCallback(
    (shown: UIMessage[], message: SendInput, request?: ChatRequestOptions) =>
      whenReady((c) => {
        c.messages = shown;
        return c.sendMessage(message, request);
      }),
    [whenReady],
  );
  /** Shows another branch of the conversation (its messages as the server read them). */
  const showMessages = useCallback(
    (shown: UIMessage[]) =>
      whenReady(async (c) => {
        c.messages = shown;
      }),
    [whenReady],
  );
  const resumeStream = useCallback(() => whenReady((c) => c.resumeStream()), [whenReady]);
  const stop = useCallback(async () => {
    await chat?.stop();
  }, [chat]);
  const clearError = useCallback(() => {
    setLoadError(undefined);
    chat?.clearError();
  }, [chat]);

  const status: ChatStatus = loadError ? 'error' : waiting > 0 && !chat ? 'submitted' : snapshot.status;
  return {
    messages: snapshot.messages,
    status,
    error: loadError ?? snapshot.error,
    sendMessage,
    sendAfter,
    showMessages,
    regenerate,
    resumeStream,
    stop,
    clearError,
  };
}
