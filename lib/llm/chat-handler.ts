import 'server-only';
import type { ToolSet } from 'ai';
import type { SessionUser } from '../auth/session';
import { configuredCredentialPatterns, hostConfig } from '../config/load';
import { getDb } from '../db';
import { ensureConversation, updateConversation } from '../db/queries/conversations';
import { saveReply } from '../db/queries/messages';
import { jsonError } from '../http/json';
import { getRegistry } from '../mcp/host-registry';
import { parseChatMode } from '../mcplet/chat-mode';
import { DERIVED_TOOL_NAME } from '../mcplet/derived-result';
import { cleanText } from '../mcplet/model-facing';
import { activeStreamResponse, startActiveStream } from './active-streams';
import { turnHistory } from './chat-history';
import { parseChatRequest, titleFrom } from './chat-request';
import { runChatTurn } from './chat-turn';
import { buildDerivedTool } from './derived-tool';
import { buildHostTools, liveToolNames } from './host-tools';
import { chooseModel } from './model-catalog';
import { markEnded } from './reply-metadata';
import { conversationSensitiveValues, ScrubBook } from './scrub-book';
import { llmSettings } from './settings';
import { toolResultMedia } from './tool-result-output';
import { buildViewTools, offeredViewTools } from './view-tool-set';

/**
 * POST /api/chat. The client sends only its new (or retried) user message; the history the model
 * sees is rebuilt from the database, so a client cannot rewrite the past.
 */
export async function handleChatRequest(body: unknown, user: SessionUser): Promise<Response> {
  const parsed = parseChatRequest(body);
  if (!parsed.ok) return jsonError(400, parsed.error);
  const request = parsed.request;
  const config = hostConfig();
  const chatMode = parseChatMode(request.chatMode, config.chat.defaultMode);
  const choice = await chooseModel(request.modelId, config.models.default);
  if (!choice.ok) return jsonError(503, choice.reason);

  const db = await getDb();
  const text = request.message?.parts.map((p) => p.text).join('\n') ?? '';
  const opening = ensureConversation(db, user.id, request.id, {
    // The title is stored in plain text: a credential in the first message is masked there.
    title: titleFrom(cleanText(text, { credentialPatterns: configuredCredentialPatterns() })),
    chatMode,
    modelId: choice.option.id,
  });
  // Awaited below; a failure before then must not go unhandled.
  opening.catch(() => undefined);

  // What needs no history is made while the database thread opens the conversation (issue 14):
  // nothing here is sent anywhere, and a refused conversation drops it.
  const registry = await getRegistry();
  await registry.reachFor(user.id);
  const session = { userId: user.id };
  // Issue 12, item 2: every value withheld so far in this conversation (added once the history is
  // read, before the model or a tool sees anything), and those this turn withholds.
  const scrub = new ScrubBook([], configuredCredentialPatterns());
  // Issue 15 item 9: images and audio reach the model as media parts where its API carries them.
  const media = toolResultMedia(choice.option.provider);
  const offered: ToolSet = {
    ...buildHostTools(registry, session, config.displayModes, request.id, scrub, media),
    ...buildViewTools(registry, session, request.id, scrub, media),
  };

  const opened = await opening;
  if (opened.status === 'forbidden') return jsonError(404, 'This conversation does not exist.');
  if (opened.status === 'created') registry.trust?.created(user.id, request.id);
  if (opened.status === 'existing') {
    const { conversation } = opened;
    if (conversation.chatMode !== chatMode || conversation.modelId !== choice.option.id) {
      await updateConversation(db, user.id, request.id, { chatMode, modelId: choice.option.id });
    }
  }
  const prepared = await turnHistory(db, user.id, request, opened.status === 'created');
  if (!prepared.ok) return jsonError(prepared.status, prepared.error);
  const { history, saved } = prepared;
  scrub.add(conversationSensitiveValues(history));
  const tools: ToolSet = {
    ...offered,
    ...buildDerivedTool(registry, session, request.id, history, config.derivedResults, scrub, media),
  };
  const derivedNames = DERIVED_TOOL_NAME in tools ? [DERIVED_TOOL_NAME] : [];
  const settings = llmSettings();
  // Issue 15 item 3: the turn runs to its end without a reader (a reload resumes it); Stop ends it.
  const stream = startActiveStream(user.id, request.id, (signal) =>
    runChatTurn({
      model: choice.model,
      history,
      tools,
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
      viewContext: request.viewContext,
      scrub,
      saved,
      async onResponse(message, outcome) {
        // A reply the user stopped, or one whose stream broke off, is kept as it stands and marked.
        const ended = outcome.aborted ? 'stopped' : outcome.failed ? 'cut-off' : null;
        await saveReply(db, user.id, request.id, ended ? markEnded(message, ended) : message, {
          scrubSet: scrub.set,
          credentialPatterns: scrub.credentialPatterns,
        });
      },
    }),
  );
  return activeStreamResponse(stream);
}
