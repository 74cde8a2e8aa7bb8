import 'server-only';
import type { LanguageModel, ToolSet, UIMessage, UIMessageChunk } from 'ai';
import type { SessionUser } from '../auth/session';
import type { HostConfig } from '../config/host-config';
import { configuredCredentialPatterns, hostConfig } from '../config/load';
import { type Db, getDb } from '../db';
import {
  insertAttachments,
  type NewAttachment,
  ownedAttachmentIds,
  userAttachments,
} from '../db/queries/attachments';
import {
  type EnsureResult,
  ensureConversation,
  retitleConversation,
  updateConversation,
} from '../db/queries/conversations';
import { saveReply } from '../db/queries/messages';
import { getUserSettings } from '../db/queries/user-settings';
import { jsonError } from '../http/json';
import { log } from '../log/logger';
import { getRegistry } from '../mcp/host-registry';
import type { McpRegistry } from '../mcp/registry';
import { readResourceFor, watchResource } from '../mcp/resources-api';
import { type ChatMode, parseChatMode } from '../mcplet/chat-mode';
import { DERIVED_TOOL_NAME } from '../mcplet/derived-result';
import { cleanText } from '../mcplet/model-facing';
import { activeStreamResponse, startActiveStream } from './active-streams';
import { takeAttachments } from './attachment-intake';
import { type AttachmentLoader, attachmentsForModel } from './attachment-parts';
import { newUserMessage, storeUserMessage, turnHistory } from './chat-history';
import { type ChatRequest, parseChatRequest, titleFrom } from './chat-request';
import { runChatTurn } from './chat-turn';
import { askTitle } from './conversation-title';
import { buildDerivedTool } from './derived-tool';
import { heldReplies } from './held-replies';
import { holdToolsUntil } from './held-tools';
import { buildHostTools, liveToolNames } from './host-tools';
import { conversationTree } from './interrupted-turns';
import { chooseModel } from './model-catalog';
import { modelInputs } from './model-inputs';
import { messageWords, settlePromptParts } from './prompt-parts';
import { markEnded } from './reply-metadata';
import { settleResourceParts } from './resource-parts';
import { buildResourceReadTool, RESOURCE_READ_TOOL, ReadableResources } from './resource-read-tool';
import { conversationSensitiveValues, ScrubBook } from './scrub-book';
import { turnServerInstructions } from './server-instructions';
import { llmSettings } from './settings';
import { type ToolResultMedia, toolResultMedia } from './tool-result-output';
import { markRunningTurn } from './turn-marker';
import { buildViewTools, offeredViewTools } from './view-tool-set';

interface TurnParts {
  request: ChatRequest;
  user: SessionUser;
  session: { userId: string };
  registry: McpRegistry;
  config: HostConfig;
  chatMode: ChatMode;
  model: LanguageModel;
  db: Db;
  scrub: ScrubBook;
  media: ToolResultMedia;
  /** The model's host and view tools (made before the history is known). */
  offered: ToolSet;
  /** The resources the host's read tool may read this turn (filled from the history, then results). */
  readable: ReadableResources;
  /** The user's own instructions from their settings, for the conversation's model only. */
  customInstructions: string;
  /** The title the conversation was opened with, when a first reply should replace it with the model's; else null. */
  titleToReplace: string | null;
  /** The files this message brings, stored with it (attachment-intake.ts). */
  files: NewAttachment[];
  /** What the model takes in an attachment (model-inputs.ts). */
  accepts: string[];
}

/**
 * POST /api/chat. The client sends only its new (or retried) user message; the history the model
 * sees is rebuilt from the database, so a client cannot rewrite the past.
 */
export async function handleChatRequest(body: unknown, user: SessionUser): Promise<Response> {
  const parsed = parseChatRequest(body);
  if (!parsed.ok) return jsonError(400, parsed.error);
  let request = parsed.request;
  const config = hostConfig();
  const chatMode = parseChatMode(request.chatMode, config.chat.defaultMode);
  const choice = await chooseModel(request.modelId, config.models.default);
  if (!choice.ok) return jsonError(503, choice.reason);

  // Attached files: the host's limits and the model's capability, whatever the browser checked.
  const accepts = modelInputs(choice.option, config.models.inputs);
  const intake = request.message
    ? takeAttachments(request.message, {
        limits: config.attachments,
        accepts,
        modelLabel: choice.option.label,
        credentialPatterns: configuredCredentialPatterns(),
      })
    : null;
  if (intake && !intake.ok) return jsonError(intake.status, intake.error);
  if (intake) request = { ...request, message: intake.message };
  const files = intake?.files ?? [];

  const db = await getDb();
  // Read beside the conversation's upsert: the user's own instructions and whether to title.
  const settingsRead = getUserSettings(db, user.id);
  settingsRead.catch(() => undefined);
  if (intake && intake.refs.length > 0) {
    const owned = await ownedAttachmentIds(db, user.id, intake.refs);
    if (intake.refs.some((ref) => !owned.has(ref))) return jsonError(400, 'An attached file is not yours.');
  }
  const text = messageWords(request.message?.parts ?? []);
  // The title is stored in plain text: a credential in the first message is masked there.
  const title = titleFrom(cleanText(text, { credentialPatterns: configuredCredentialPatterns() }));
  const opening = ensureConversation(db, user.id, request.id, {
    title,
    chatMode,
    modelId: choice.option.id,
  });
  // Awaited below; a failure before then must not go unhandled.
  opening.catch(() => undefined);

  // What needs no history is made while the database thread opens the conversation:
  // nothing here is sent anywhere, and a refused conversation drops it.
  const registry = await getRegistry();
  await registry.reachFor(user.id);
  // Text from an MCP prompt, settled by the host: its server as this user knows it, the boundary.
  request = settleRequest(request, registry, user.id);
  // An attached MCP resource is read here, by the host, on the user's own connection.
  request = await settleResources(request, registry, user.id);
  const readable = new ReadableResources();
  const session = { userId: user.id };
  // Every value withheld so far in this conversation (added once the history is
  // read, before the model or a tool sees anything), and those this turn withholds.
  const scrub = new ScrubBook([], configuredCredentialPatterns());
  // Images and audio reach the model as media parts where its API carries them.
  const media = toolResultMedia(choice.option.provider);
  const settings = await settingsRead;
  const parts: TurnParts = {
    request,
    user,
    session,
    registry,
    config,
    chatMode,
    model: choice.model,
    db,
    scrub,
    media,
    readable,
    customInstructions: settings.customInstructions,
    titleToReplace: (settings.generateTitles ?? config.chat.generateTitles) ? title : null,
    files,
    accepts,
    offered: {
      ...buildHostTools(registry, session, config.displayModes, request.id, scrub, media, readable.allowed),
      ...buildViewTools(registry, session, request.id, scrub, media),
    },
  };

  const newChat = request.newChat === true && request.trigger === 'submit-message';
  // A reply of this conversation the database did not take earlier is stored first, so it keeps its
  // place before this turn's message (held-replies.ts); null when none is held, as almost always.
  const heldFirst = heldReplies().saveBefore(user.id, request.id);
  heldFirst?.catch(() => undefined);
  // A chat that goes on is read beside the upsert (one round trip before the model, not two): the
  // read takes only this user's messages, so another user's conversation reads as empty.
  const reading = newChat
    ? undefined
    : heldFirst
      ? heldFirst.then(() => conversationTree(db, user.id, request.id))
      : conversationTree(db, user.id, request.id);
  reading?.catch(() => undefined);
  if (newChat) {
    const early = await firstTurnEarly(parts, opening);
    if (early) return early;
  }
  const opened = await opening;
  if (opened.status === 'forbidden') return jsonError(404, 'This conversation does not exist.');
  if (opened.status === 'created') registry.trust?.created(user.id, request.id);
  if (opened.status === 'existing') {
    const { conversation } = opened;
    if (conversation.chatMode !== chatMode || conversation.modelId !== choice.option.id) {
      await updateConversation(db, user.id, request.id, { chatMode, modelId: choice.option.id });
    }
  }
  // While the database cannot take a held reply, it cannot take this turn either (503).
  await heldFirst;
  // The message's files are stored before the message that names them.
  await insertAttachments(db, user.id, request.id, files);
  const prepared = await turnHistory(db, user.id, request, opened.status === 'created', reading);
  if (!prepared.ok) return jsonError(prepared.status, prepared.error);
  const { history, everything, saved, turn } = prepared;
  // The turn runs to its end without a reader (a reload resumes it); Stop ends it.
  const stream = startActiveStream(
    user.id,
    request.id,
    (signal) => turnStream(parts, history, everything, saved, signal),
    turn,
  );
  return activeStreamResponse(stream);
}

/**
 * The attachments a turn's history names, the user's own only: this message's from the request (in
 * a new chat they may not be stored yet when the model is asked), the rest from the database.
 */
function attachmentLoader(parts: TurnParts): AttachmentLoader {
  return async (ids) => {
    const fresh = new Map(
      parts.files.map((f) => [
        f.id,
        { id: f.id, name: f.name, mediaType: f.mediaType, size: f.size, base64: f.base64 },
      ]),
    );
    const stored = await userAttachments(
      parts.db,
      parts.user.id,
      ids.filter((id) => !fresh.has(id)),
    );
    return new Map([...stored, ...fresh]);
  };
}

/** The request with its message's prompt parts settled (lib/llm/prompt-parts.ts). */
function settleRequest(request: ChatRequest, registry: McpRegistry, userId: string): ChatRequest {
  if (!request.message) return request;
  const message = settlePromptParts(request.message, (id) => registry.getFor(id, userId)?.config.name);
  return message === request.message ? request : { ...request, message };
}

/** The request with its message's resource parts read by the host (lib/llm/resource-parts.ts). */
async function settleResources(
  request: ChatRequest,
  registry: McpRegistry,
  userId: string,
): Promise<ChatRequest> {
  if (!request.message) return request;
  const message = await settleResourceParts(
    request.message,
    (serverId, uri) => readResourceFor(registry, userId, serverId, uri),
    (serverId, uri) => {
      const listed = registry.getFor(serverId, userId)?.resources.resources.find((r) => r.uri === uri);
      return listed ? (listed.title ?? listed.name) : undefined;
    },
    (serverId, uri) => watchResource(registry, userId, serverId, uri),
  );
  return message === request.message ? request : { ...request, message };
}

/**
 * A new chat's first message goes to the model while the database opens the conversation,
 * on the client's word that the chat is new. The model sees only that message (a new conversation
 * has no history), no tool runs and nothing is stored or readable until the conversation is
 * confirmed as created for this user. Otherwise the early turn is dropped and the usual path
 * answers (null): another user's conversation as not found, an existing one of this user (the client
 * was wrong) with its history.
 */
async function firstTurnEarly(parts: TurnParts, opening: Promise<EnsureResult>): Promise<Response | null> {
  const { request, user, db, registry } = parts;
  if (!request.message) return null;
  const message = newUserMessage(request.message);
  let confirm: (created: boolean) => void = () => undefined;
  const confirmed = new Promise<boolean>((resolve) => {
    confirm = resolve;
  });
  // The message is stored once its conversation is: a reply is stored only after it (chat-turn.ts).
  const saved = confirmed.then(
    (created) =>
      created &&
      insertAttachments(db, user.id, request.id, parts.files).then(
        () => storeUserMessage(db, user.id, request.id, message, [], null),
        (error: unknown) => {
          log('error', '[chat] could not save the attachments:', { error });
          return false;
        },
      ),
  );
  const early = new AbortController();
  const stream = turnStream(parts, [message], [message], saved, early.signal, confirmed);
  const drop = () => {
    confirm(false);
    early.abort();
    stream.cancel().catch(() => undefined);
  };
  // Anything but a created conversation (or a failed upsert) is the usual path's to answer.
  const opened = await opening.catch(() => null);
  if (opened?.status !== 'created') {
    drop();
    return null;
  }
  registry.trust?.created(user.id, request.id);
  confirm(true);
  // Marked once the message is stored (chat-history.ts says why).
  const turn = markRunningTurn(db, user.id, request.id, message.id, saved);
  const running = startActiveStream(
    user.id,
    request.id,
    (signal) => {
      signal.addEventListener('abort', () => early.abort(signal.reason), { once: true });
      return stream;
    },
    turn,
  );
  return activeStreamResponse(running);
}

/**
 * The turn's stream on `history` (the branch it answers; `everything` is every branch, whose
 * withheld values stay withheld). Tools wait for `confirmed` when the conversation is not yet
 * confirmed as this user's (held-tools.ts).
 */
function turnStream(
  parts: TurnParts,
  history: UIMessage[],
  everything: UIMessage[],
  saved: Promise<boolean>,
  signal: AbortSignal,
  confirmed?: Promise<boolean>,
): ReadableStream<UIMessageChunk> {
  const { request, user, session, registry, config, chatMode, db, scrub, media, offered, readable } = parts;
  scrub.add(conversationSensitiveValues(everything));
  readable.addHistory(history);
  const tools: ToolSet = {
    ...offered,
    ...buildDerivedTool(registry, session, request.id, history, config.derivedResults, scrub, media),
    ...buildResourceReadTool(registry, session, request.id, readable, scrub, media),
  };
  const derivedNames = [DERIVED_TOOL_NAME, RESOURCE_READ_TOOL].filter((name) => name in tools);
  const settings = llmSettings();
  // The first reply of a conversation, when titles are generated: the model is asked for one once.
  // A regenerated first reply keeps the title the first one got.
  const first =
    parts.titleToReplace !== null && request.trigger === 'submit-message' && history.length === 1
      ? history[0]
      : undefined;
  let titled = false;
  return runChatTurn({
    model: parts.model,
    history,
    tools: confirmed ? holdToolsUntil(tools, confirmed) : tools,
    chatMode,
    maxSteps: config.chat.maxSteps,
    maxRetries: settings.maxRetries,
    timeoutMs: settings.timeoutMs,
    abortSignal: signal,
    liveTools: () => [
      ...liveToolNames(registry, tools, session),
      ...offeredViewTools(session, request.id)
        .map((t) => t.modelName)
        .filter((name) => name in tools),
      ...derivedNames,
    ],
    customInstructions: parts.customInstructions,
    serverInstructions: turnServerInstructions(registry, user.id, tools),
    viewContext: request.viewContext,
    scrub,
    saved,
    async onResponse(message, outcome) {
      // A reply the user stopped, or one whose stream broke off, is kept as it stands and marked.
      const ended = outcome.aborted ? 'stopped' : outcome.failed ? 'cut-off' : null;
      await saveReply(db, user.id, request.id, ended ? markEnded(message, ended) : message, {
        scrubSet: scrub.set,
        credentialPatterns: scrub.credentialPatterns,
        // A reply follows the message it answers, beside any earlier reply to it.
        parentId: history.at(-1)?.id ?? null,
      });
      // Before the stream finishes, so the list the client refreshes then shows it. A failure, or a
      // title the user changed meanwhile, keeps the conversation's title as it is.
      if (first && !titled && !ended) {
        titled = true;
        const asked = await askTitle(parts.model, { user: first, reply: message }, scrub.options(), {
          signal,
        });
        if (asked)
          await retitleConversation(db, user.id, request.id, parts.titleToReplace ?? '', asked).catch(
            () => false,
          );
      }
    },
    attachments: (turn) => attachmentsForModel(turn, attachmentLoader(parts), parts.accepts, scrub.options()),
    holdUnsaved(messageId, save) {
      heldReplies().hold({ userId: user.id, conversationId: request.id, messageId }, save);
    },
  });
}
