import 'server-only';
import type { Tool, ToolResultPart } from 'ai';
import { jsonSchema, type ToolSet, tool } from 'ai';

type ToolResultOutput = ToolResultPart['output'];

import type { CallToolResult } from '@modelcontextprotocol/client';
import { allowAttribute, type ViewFrameHint } from '../apps/sandbox';
import { mintSandboxTicket } from '../apps/sandbox-ticket';
import { gatedDispatch } from '../gates/gated-call';
import type { GateTicket } from '../gates/pending';
import type { CallProgress, CallTask } from '../mcp/call-progress';
import type { ServerConnection } from '../mcp/connection';
import type { DispatchResult } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import { readUiResourceNow, uiResourceHash } from '../mcp/ui-resource';
import { viewLabel, viewOrigin } from '../mcp/view-origin';
import { acceptsSuggestion, DISPLAY_MODE_ARG, splitDisplayMode } from '../mcplet/display-mode';
import type { ResultEnvelope } from '../mcplet/envelope';
import type { Gate } from '../mcplet/gates';
import type { ModelFacing, Withheld } from '../mcplet/model-facing';
import type { PolicySession } from '../mcplet/policy';
import { addLinksOf } from '../mcplet/resource-reads';
import type { UntrustedSource } from '../trust/untrusted-content';
import { projectToolOutput } from './model-history';
import { interleaveProgress, ProgressFeed } from './progress-feed';
import { runningCall } from './running-calls';
import { ScrubBook } from './scrub-book';
import { modelOutput, NO_MEDIA, type ToolResultMedia } from './tool-result-output';
import { rememberView } from './view-tools';

/**
 * What a host tool returns: the redacted model-facing result (`projectToolOutput` turns it
 * into the model's content), what was withheld from the model and why, and the full result for views
 * and the card.
 */
export interface HostToolOutput {
  model: ModelFacing | ModelFacing[];
  withheld?: Withheld;
  view: {
    serverId: string;
    toolName: string;
    envelope?: ResultEnvelope;
    result?: CallToolResult;
    sent: boolean;
    /** Present while the call waits at its gate (a preliminary output). */
    gate?: GateTicket;
    /** The model received (some of) the result as untrusted data (spotlighted), and why. */
    untrusted?: UntrustedSource;
    /** The server flagged the result `maliciousActivityHint` (SEP): the card shows a warning. */
    malicious?: true;
    /** The gate level the call ran at (the card shows a notice for `notify`). */
    level?: Gate;
    /** When the call was sent (ms): a notice is shown for a call that just ran, not for history. */
    ranAt?: number;
    /** How far the running call has come, as its server last said (a preliminary output). */
    progress?: CallProgress;
    /** The call ran as a task (MCP 2025-11-25 tasks): its id and how it ended, saved with the call. */
    task?: CallTask;
  };
}

export function toHostToolOutput(
  serverId: string,
  toolName: string,
  outcome: DispatchResult,
): HostToolOutput {
  return {
    model: outcome.model,
    ...(outcome.withheld ? { withheld: outcome.withheld } : {}),
    view: {
      serverId,
      toolName,
      envelope: outcome.envelope,
      result: outcome.result,
      sent: outcome.sent,
      ...(outcome.untrusted ? { untrusted: outcome.untrusted } : {}),
      ...(outcome.malicious ? { malicious: true as const } : {}),
      ...(outcome.task ? { task: outcome.task } : {}),
      ...(outcome.decision.allow ? { level: outcome.decision.gate } : {}),
      ...(outcome.sent ? { ranAt: Date.now() } : {}),
    },
  };
}

export function modelDescription(
  t: { name: string; title?: string; description: string; descriptionWithheld?: boolean },
  server: string,
) {
  if (t.descriptionWithheld)
    return `${t.title ?? t.name} (from ${server}; its description was withheld because it read like instructions).`;
  return t.description || `${t.title ?? t.name} (from ${server}).`;
}

/**
 * For tools whose metadata says `llm-*`, the model sees one extra optional property; the host strips
 * it before validation and dispatch, so the MCP server never receives it.
 */
export function modelInputSchema(
  schema: Record<string, unknown>,
  displayMode: unknown,
): Record<string, unknown> {
  if (!acceptsSuggestion(displayMode)) return schema;
  const properties = (
    schema.properties && typeof schema.properties === 'object' ? schema.properties : {}
  ) as Record<string, unknown>;
  return {
    ...schema,
    properties: {
      ...properties,
      [DISPLAY_MODE_ARG]: {
        type: 'string',
        description:
          'Optional, read by the chat host and not sent to the tool: how to show the result view, one of "inline" (in the conversation), "fullscreen" (over the chat) or "pip" (a small floating window). Other values are ignored.',
      },
    },
  };
}

/** `toModelOutput` of every tool the host offers: the one projection, with the turn's scrub set as it is now. */
export function toolModelOutput(
  book: ScrubBook,
  media: ToolResultMedia = NO_MEDIA,
): (options: { output: unknown }) => ToolResultOutput {
  return ({ output }) => modelOutput(projectToolOutput(output, book.options()), media);
}

type ToolMetadata = NonNullable<Tool['metadata']>;

/**
 * Lets the browser start the view's sandbox frame while it fetches the view's HTML. Only for HTML
 * already read and trusted by this user: a view that changed since gets no frame until the user
 * accepts it, so neither its permissions nor a ticket for it leave the host before the review.
 */
function frameHint(
  registry: McpRegistry,
  userId: string,
  connection: ServerConnection,
  uri: string,
): ViewFrameHint | undefined {
  const read = readUiResourceNow(connection, uri);
  if (!read) return undefined;
  const hash = uiResourceHash(read);
  if (registry.pins && !registry.pins.viewTrusted(userId, connection.config.id, uri, hash)) return undefined;
  return {
    sandboxOrigin: viewOrigin(connection),
    allow: allowAttribute(read.permissions),
    ticket: mintSandboxTicket(viewLabel(connection.config), uri, hash),
  };
}

/**
 * 8.2: the model's tools are the admitted, model-visible ones, each executed through the one
 * dispatch path. The model receives `content` only (15).
 */
export function buildHostTools(
  registry: McpRegistry,
  session: PolicySession,
  displayModes: { default?: string; tools: Record<string, string> } = { tools: {} },
  conversationId?: string,
  book: ScrubBook = new ScrubBook([]),
  media: ToolResultMedia = NO_MEDIA,
  /** The turn's allow-list of resources the host's read tool may read: each result's links join it. */
  readable?: Set<string>,
): ToolSet {
  const tools: ToolSet = {};
  for (const { modelName, tool: t } of registry.modelTools(session)) {
    const connection = registry.getFor(t.serverId, session.userId);
    const server = connection?.config.name ?? t.serverId;
    const hostMode = displayModes.tools[`${t.serverId}/${t.name}`] ?? displayModes.default;
    // Built when the model calls the tool (the AI SDK reads it for the call's parts only): a view's
    // frame hint signs a sandbox ticket, which every offered view tool would cost each turn.
    const metadataOf = (): ToolMetadata => ({
      serverId: t.serverId,
      serverName: server,
      toolName: t.name,
      ...(t.title ? { toolTitle: t.title } : {}),
      ...(t.icon ? { hasIcon: true } : {}),
      mcpletType: t.mcpletType,
      admittedBy: t.admittedBy,
      ...(t.ui?.resourceUri
        ? {
            ui: {
              resourceUri: t.ui.resourceUri,
              ...(t.ui.displayMode ? { displayMode: t.ui.displayMode } : {}),
              ...(hostMode ? { hostDisplayMode: hostMode } : {}),
            },
            ...(connection
              ? { frame: frameHint(registry, session.userId, connection, t.ui.resourceUri) }
              : {}),
            tool: JSON.parse(
              JSON.stringify({
                name: t.name,
                title: t.title,
                description: t.description,
                inputSchema: t.inputSchema,
              }),
            ),
          }
        : {}),
    });
    let metadata: ToolMetadata | undefined;
    tools[modelName] = tool({
      title: t.title ?? t.name,
      description: modelDescription(t, server),
      get metadata() {
        metadata ??= metadataOf();
        return metadata;
      },
      inputSchema: jsonSchema(modelInputSchema(t.inputSchema, t.ui?.displayMode)),
      async *execute(input, options): AsyncGenerator<HostToolOutput> {
        // This call's view (MCP Apps) will exist in the browser: its tools may be listed to the server.
        if (t.ui?.resourceUri && conversationId)
          rememberView(session.userId, conversationId, {
            viewId: options.toolCallId,
            serverId: t.serverId,
            toolName: t.name,
            ...(t.title ? { toolTitle: t.title } : {}),
            viewTitle: `${server}: ${t.title ?? t.name}`,
          });
        const { args } = splitDisplayMode(input);
        const request = {
          serverId: t.serverId,
          toolName: t.name,
          args,
          surface: { kind: 'model' as const },
          session,
          ...(conversationId ? { context: { conversationId } } : {}),
          redaction: book.options(),
        };
        // Cancel on the card ends this call alone; Stop ends the turn and, with it, this call.
        const running = conversationId
          ? runningCall(session.userId, conversationId, options.toolCallId, options.abortSignal)
          : undefined;
        const feed = new ProgressFeed();
        const steps = gatedDispatch(registry, request, {
          signal: running?.signal ?? options.abortSignal,
          onProgress: feed.listener,
        });
        try {
          for await (const item of interleaveProgress(steps, feed)) {
            if (item.kind === 'progress') {
              yield {
                model: [],
                view: { serverId: t.serverId, toolName: t.name, sent: true, progress: item.progress },
              };
              continue;
            }
            const step = item.step;
            // Phase 2: the call is paused before anything reaches the MCP server; the browser draws the gate.
            if (step.kind === 'waiting')
              yield {
                model: [],
                view: { serverId: t.serverId, toolName: t.name, sent: false, gate: step.ticket },
              };
            else {
              book.add(step.result.withheld?.values ?? []);
              const output = toHostToolOutput(t.serverId, t.name, step.result);
              if (readable) addLinksOf(readable, output);
              yield output;
            }
          }
        } finally {
          running?.done();
        }
      },
      toModelOutput: toolModelOutput(book, media),
    });
  }
  return tools;
}

/** Model-facing names of the tools that still exist, for the next step of a running turn (5.3.2). */
export function liveToolNames(registry: McpRegistry, offered: ToolSet, session: PolicySession): string[] {
  return registry
    .modelTools(session)
    .map((t) => t.modelName)
    .filter((name) => name in offered);
}
