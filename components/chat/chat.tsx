'use client';
import type { FileUIPart, UIMessage } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AttachmentLimits } from '@/lib/chat/attachment-rules';
import { type ConversationBranch, type TreeNode, versionsOf, withShownPath } from '@/lib/chat/message-tree';
import { isPromptPart, PROMPT_PART, type PromptPart } from '@/lib/chat/prompt-part';
import { isResourcePart, RESOURCE_PART, type ResourcePart } from '@/lib/chat/resource-part';
import { whenIdle } from '@/lib/client/when-idle';
import { isInterruptedMark, replyEnding } from '@/lib/llm/reply-metadata';
import { type ChatMode, parseChatMode } from '@/lib/mcplet/chat-mode';
import { useCallInFlight } from '@/lib/store/calls-in-flight';
import { useConversations } from '@/lib/store/conversations';
import { usePipPadding } from '@/lib/store/pip-reserve';
import { storeChatMode, storedChatMode, storedModel, storeModel } from '@/lib/store/preferences';
import { viewContextForRequest } from '@/lib/store/view-context';
import { ChatActionsContext, LatestReplyContext } from '../apps/chat-actions';
import { Button } from '../ui/button';
import { ThemeToggle } from '../ui/theme-toggle';
import { chatErrorText } from './chat-error';
import { ChatModeSelect, type ModelListItem, ModelPicker } from './chat-settings';
import { Composer } from './composer';
import { followWhileAtEnd } from './follow-while-at-end';
import { InterruptedReply } from './interrupted-reply';
import { Markdown } from './markdown';
import { MessageView } from './message-view';
import type { ChosenPrompt } from './prompt-requests';
import type { ChosenResource } from './resource-requests';
import { MenuButton } from './sidebar-toggle';
import { StarterPrompts } from './starter-prompts';
import { useDerivedChannel } from './use-derived-channel';
import type { PendingFile } from './use-file-attachments';
import { useFoundMessage } from './use-found-message';
import { useHostChat } from './use-host-chat';

/** A chosen MCP prompt as its part of the user's message (lib/chat/prompt-part.ts). */
function promptPartOf(prompt: ChosenPrompt): PromptPart {
  const { serverId, serverName, name, title, text } = prompt;
  return { type: PROMPT_PART, data: { serverId, serverName, name, ...(title ? { title } : {}), text } };
}

/**
 * An attached MCP resource as its part (lib/chat/resource-part.ts): the host reads it and keeps only
 * the server and the URI of what the browser says; the names are for the chip until the reply comes.
 */
function resourcePartOf(resource: ChosenResource): ResourcePart {
  const { serverId, serverName, uri, name } = resource;
  return { type: RESOURCE_PART, data: { serverId, serverName, uri, name } };
}

/** An attached file as its part: the host stores it and keeps the part naming it (attachment-intake.ts). */
function filePartOf(file: PendingFile): FileUIPart {
  return { type: 'file', mediaType: file.mediaType, filename: file.name, url: file.url };
}

/**
 * A message's parts: the prompt's text, the attached resources and files first, then the user's own
 * words, if any.
 */
function withPrompt(
  text: string,
  prompts: PromptPart[],
  resources: ResourcePart[] = [],
  files: FileUIPart[] = [],
): UIMessage['parts'] {
  return [...prompts, ...resources, ...files, ...(text.trim() ? [{ type: 'text' as const, text }] : [])];
}

export interface ChatProps {
  id: string;
  isNew: boolean;
  initialMessages: UIMessage[];
  /** Where every stored message stands (lib/chat/message-tree.ts); none for a new chat. */
  initialTree?: TreeNode[];
  initialChatMode: string | null;
  initialModelId: string | null;
  models: ModelListItem[];
  defaultModelId: string | null;
  modelHelp: string | null;
  /** The host's limits on attached files (host config `attachments`). */
  attachments: AttachmentLimits;
}

/** `messageId:textParts` of the newest reply that says something (see LatestReplyContext). */
function latestReplyKey(messages: UIMessage[]): string | null {
  const reply = messages.findLast((m) => m.role === 'assistant');
  if (!reply) return null;
  const said = reply.parts.filter((p) => p.type === 'text' && p.text.trim() !== '').length;
  return said === 0 ? null : `${reply.id}:${said}`;
}

export function Chat(props: ChatProps) {
  const { id, models } = props;
  const refreshConversations = useConversations((s) => s.refresh);
  const [chatMode, setChatMode] = useState<ChatMode>(() => parseChatMode(props.initialChatMode));
  const [modelId, setModelId] = useState<string | null>(() =>
    models.some((m) => m.id === props.initialModelId) ? props.initialModelId : props.defaultModelId,
  );
  const persisted = useRef(!props.isNew);
  // The address names a new conversation in the task after its first send, while the page
  // waits for the reply: done in the send's own task, Next's router and the browser's navigation
  // handling took the main threads the reply's first parts and its view's frame start on. Not left
  // to an idle moment: a busy page had none for up to a second, and a reload meanwhile lost the
  // conversation from the address (CI reloaded '/' 0.3 s after a send).
  const addressPending = useRef(false);
  const nameInAddress = useCallback(() => {
    if (!addressPending.current) return;
    addressPending.current = false;
    // Not over a page the user has gone to meanwhile.
    if (window.location.pathname === '/') window.history.replaceState(null, '', `/c/${id}`);
  }, [id]);
  useEffect(
    () => () => {
      addressPending.current = false;
    },
    [],
  );

  useEffect(() => {
    if (props.isNew) setChatMode(storedChatMode());
    const remembered = storedModel();
    if (!props.initialModelId && remembered && models.some((m) => m.id === remembered))
      setModelId(remembered);
  }, [props.isNew, props.initialModelId, models]);

  const {
    messages,
    sendMessage,
    sendAfter,
    showMessages,
    regenerate,
    stop,
    resumeStream,
    status,
    error,
    clearError,
  } = useHostChat({
    id,
    messages: props.initialMessages,
    // The sidebar's new title can wait for the page to be idle; a view may be booting now.
    onFinish: () => whenIdle(() => void refreshConversations(), 1_000),
  });

  // A reply still running on the server (the page was reloaded) streams on here.
  const mayBeRunning = !props.isNew && props.initialMessages.at(-1)?.role === 'user';
  const [resumeChecked, setResumeChecked] = useState(!mayBeRunning);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the conversation as it was loaded
  useEffect(() => {
    if (!mayBeRunning) return;
    void resumeStream().finally(() => setResumeChecked(true));
  }, []);
  const [stoppedIds, setStoppedIds] = useState<ReadonlySet<string>>(new Set());

  function stopReply() {
    const last = messages.at(-1);
    if (last?.role === 'assistant') setStoppedIds((old) => new Set(old).add(last.id));
    void stop();
    // The server's turn does not end with this page's request: Stop ends it there too.
    void fetch(`/api/chat/${encodeURIComponent(id)}/stream`, { method: 'DELETE' }).catch(() => {});
  }

  useDerivedChannel(id, messages, props.initialMessages);
  // Messages read from the server (the page's, or a branch shown since): their views open inline.
  const [restoredIds, setRestoredIds] = useState<ReadonlySet<string>>(
    () => new Set(props.initialMessages.map((m) => m.id)),
  );
  // Every message's place among its versions: the stored tree, and what this page sent since.
  const [nodes, setNodes] = useState<readonly TreeNode[]>(() => props.initialTree ?? []);
  const tree = useMemo(() => withShownPath(nodes, messages), [nodes, messages]);
  const versions = useMemo(() => versionsOf(tree, messages), [tree, messages]);
  const [branchError, setBranchError] = useState<string | null>(null);
  const latestReply = latestReplyKey(messages);
  const busy = status === 'submitted' || status === 'streaming';
  useCallInFlight(busy);
  const requestBody = useCallback(
    () => ({ modelId, chatMode, viewContext: viewContextForRequest() }),
    [modelId, chatMode],
  );
  const settings = useCallback(() => ({ body: requestBody() }), [requestBody]);

  function send(
    text: string,
    prompt?: ChosenPrompt,
    resources: ChosenResource[] = [],
    files: PendingFile[] = [],
  ) {
    // bench/view-init measures a view's boot from the user's send.
    performance.mark('mcplet:send');
    clearError();
    if (!persisted.current) {
      persisted.current = true;
      addressPending.current = true;
      setTimeout(nameInAddress, 0);
    }
    // The conversation list is refreshed by onFinish once the reply has ended.
    if (!prompt && resources.length === 0 && files.length === 0) void sendMessage({ text }, settings());
    else {
      const prompts = prompt ? [promptPartOf(prompt)] : [];
      void sendMessage(
        { parts: withPrompt(text, prompts, resources.map(resourcePartOf), files.map(filePartOf)) },
        settings(),
      );
    }
  }

  /**
   * A user message, edited: sent as a new version beside it (the earlier one and its replies stay,
   * a version away). The edit is of the user's own words; text from a prompt stays in its own
   * part, as it was.
   */
  function edit(message: UIMessage, text: string) {
    clearError();
    setBranchError(null);
    const index = messages.findIndex((m) => m.id === message.id);
    if (index < 0) return;
    // The versions keep their place before the shown branch changes under them.
    setNodes(tree);
    const prompts = message.parts.filter(isPromptPart);
    const resources = message.parts.filter(isResourcePart);
    const before = messages.slice(0, index);
    const files = message.parts.filter((p): p is FileUIPart => p.type === 'file');
    if (prompts.length === 0 && resources.length === 0 && files.length === 0)
      void sendAfter(before, { text }, settings());
    else void sendAfter(before, { parts: withPrompt(text, prompts, resources, files) }, settings());
  }

  /** Asks for the last reply again: the new reply is a version beside the earlier one. */
  function retry() {
    clearError();
    setBranchError(null);
    // A reply that said nothing (the model failed at once) was never stored: no version of it stays.
    const last = messages.at(-1);
    const unsaid = last?.role === 'assistant' && !last.parts.some((p) => p.type !== 'step-start');
    setNodes(unsaid ? tree.filter((n) => n.id !== last.id) : tree);
    void regenerate(settings());
  }

  /** Shows another version of a message, with its branch, as the server stores it. */
  async function showVersion(messageId: string) {
    setBranchError(null);
    try {
      const response = await fetch(`/api/conversations/${encodeURIComponent(id)}/branch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messageId }),
      });
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      // The route's own answer (lib/llm/message-branch.ts): stored messages, as the page's are.
      const branch = (await response.json()) as ConversationBranch<UIMessage>;
      setNodes(branch.tree);
      setRestoredIds((old) => new Set([...old, ...branch.messages.map((m) => m.id)]));
      await showMessages(branch.messages);
    } catch (failure) {
      setBranchError(
        `Could not show that version (${failure instanceof Error ? failure.message : String(failure)}). Try again.`,
      );
    }
  }

  function changeMode(mode: ChatMode) {
    setChatMode(mode);
    storeChatMode(mode);
    if (persisted.current) {
      void fetch(`/api/conversations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chatMode: mode }),
      });
    }
  }

  function changeModel(next: string) {
    setModelId(next);
    storeModel(next);
  }

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => followWhileAtEnd(scroller.current, content.current), []);
  useFoundMessage(content, id);

  const errorText = chatErrorText(error);
  const last = messages.at(-1);
  const unanswered = resumeChecked && !busy && !error && last?.role === 'user';
  const noModel = models.length === 0;
  const currentModel = models.find((m) => m.id === modelId);

  const pipPadding = usePipPadding();
  const sendRef = useRef(send);
  sendRef.current = send;
  const chatActions = useMemo(
    () => ({ sendUserMessage: (text: string) => sendRef.current(text), conversationId: id }),
    [id],
  );

  return (
    <ChatActionsContext.Provider value={chatActions}>
      <LatestReplyContext.Provider value={latestReply}>
        <main className="flex min-h-0 flex-1 flex-col" data-testid="chat" data-status={status}>
          <header className="flex items-center gap-2 border-b border-border px-2 py-2 sm:gap-3 sm:px-4">
            <MenuButton />
            <ModelPicker models={models} value={modelId} onChange={changeModel} />
            <ChatModeSelect value={chatMode} onChange={changeMode} />
            <div className="ml-auto">
              <ThemeToggle />
            </div>
          </header>
          <div
            ref={scroller}
            className="min-h-0 flex-1 overflow-y-auto"
            data-testid="messages"
            data-pip-area=""
          >
            <div
              ref={content}
              className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6"
              // A floating view docks at one edge of this list; that edge makes room for it (use-pip-dock.ts).
              style={{
                paddingTop: pipPadding.top || undefined,
                paddingBottom: pipPadding.bottom || undefined,
              }}
            >
              {noModel && props.modelHelp ? (
                <div
                  role="note"
                  className="rounded-lg border border-border bg-surface p-4"
                  data-testid="no-model"
                >
                  <h2 className="mb-2 font-semibold">Add a model to start chatting</h2>
                  <Markdown text={props.modelHelp} />
                </div>
              ) : null}
              {messages.length > 0 || noModel ? (
                // The page's heading once the greeting is gone (a view's own h1 is in another document).
                <h1 className="sr-only">Chat</h1>
              ) : null}
              {messages.length === 0 && !noModel ? (
                <div className="py-16 text-center text-muted">
                  <h1 className="text-xl font-semibold text-fg">What can I help with?</h1>
                  <p className="mt-2 text-sm">
                    {chatMode === 'tool-only'
                      ? 'Every reply will use a tool.'
                      : 'Ask anything; tools from connected MCP servers are used when they help.'}
                  </p>
                  <StarterPrompts onPick={send} />
                </div>
              ) : null}
              {messages.map((message, index) =>
                isInterruptedMark(message) ? (
                  <InterruptedReply
                    key={message.id}
                    message={message}
                    onRetry={!busy && index === messages.length - 1 ? retry : undefined}
                  />
                ) : (
                  <MessageView
                    key={message.id}
                    message={message}
                    live={busy && index === messages.length - 1}
                    restored={restoredIds.has(message.id)}
                    ended={stoppedIds.has(message.id) ? 'stopped' : replyEnding(message)}
                    onEdit={!busy ? (text) => edit(message, text) : undefined}
                    version={versions.get(message.id)}
                    onShowVersion={busy ? undefined : (messageId) => void showVersion(messageId)}
                  />
                ),
              )}
              {branchError ? (
                <p role="alert" className="text-sm text-danger" data-testid="version-error">
                  {branchError}
                </p>
              ) : null}
              {status === 'submitted' ? (
                <p className="text-sm text-muted" role="status" data-testid="thinking">
                  Thinking…
                </p>
              ) : null}
              {errorText ? (
                <div
                  role="alert"
                  className="flex flex-wrap items-center gap-3 rounded-lg bg-danger-bg px-3 py-2 text-sm text-danger"
                  data-testid="chat-error"
                >
                  <span className="flex-1">{errorText}</span>
                  <Button onClick={retry} data-testid="retry">
                    Retry
                  </Button>
                </div>
              ) : null}
              {unanswered ? (
                <div className="flex items-center gap-3 text-sm text-muted" data-testid="unanswered">
                  <span>This message has no reply yet.</span>
                  <Button onClick={retry} data-testid="retry">
                    Retry
                  </Button>
                </div>
              ) : null}
              {!error && last?.role === 'assistant' && !isInterruptedMark(last) ? (
                // Held in place (hidden) while the reply streams, so its end moves nothing on the page.
                <div className={busy ? 'invisible' : undefined} aria-hidden={busy || undefined}>
                  <Button
                    variant="ghost"
                    className="text-xs text-muted"
                    onClick={retry}
                    data-testid="regenerate"
                  >
                    ↻ Regenerate
                  </Button>
                </div>
              ) : null}
            </div>
          </div>
          <Composer
            conversationId={id}
            busy={busy}
            disabled={noModel}
            disabledReason="Add a model to start chatting"
            onSend={send}
            onStop={stopReply}
            attachments={{
              limits: props.attachments,
              accepts: currentModel?.accepts ?? [],
              modelLabel: currentModel?.label ?? 'This model',
            }}
          />
        </main>
      </LatestReplyContext.Provider>
    </ChatActionsContext.Provider>
  );
}
