import 'server-only';
import type { UIMessage } from 'ai';
import { setCapped } from '../capped-map';
import type { CallSurface } from '../mcplet/policy';
import type { McpletTool, RejectedTool } from '../mcplet/types';
import { admitViewTools, type ViewToolListing, viewToolModelName } from '../mcplet/view-tools';

/** What the host's own records say about an open view: the tool call it belongs to. */
export interface KnownView {
  viewId: string;
  serverId: string;
  /** The tool whose call shows the view. */
  toolName: string;
  toolTitle?: string;
  /** Shown in gates and cards: the server's name and the tool whose result the view shows. */
  viewTitle: string;
}

interface ListedView extends KnownView {
  tools: McpletTool[];
  rejected: RejectedTool[];
}

interface ConversationViews {
  known: Map<string, KnownView>;
  listed: Map<string, ListedView>;
}

export interface ViewToolCandidate {
  modelName: string;
  tool: McpletTool & { viewId: string };
  surface: Extract<CallSurface, { kind: 'view-tool' }>;
  viewTitle: string;
}

const MAX_CONVERSATIONS = 500;
const MAX_KNOWN_VIEWS = 200;
/** Views of one conversation whose tools are offered at once; the oldest listing gives way. */
const MAX_LISTED_VIEWS = 20;

const holder = globalThis as unknown as { __mcpletViewTools?: Map<string, ConversationViews> };
holder.__mcpletViewTools ??= new Map();
const conversations = holder.__mcpletViewTools;

function key(userId: string, conversationId: string): string {
  return `${userId}\u0000${conversationId}`;
}

function entry(userId: string, conversationId: string, create: true): ConversationViews;
function entry(userId: string, conversationId: string, create?: false): ConversationViews | undefined;
function entry(userId: string, conversationId: string, create = false): ConversationViews | undefined {
  const k = key(userId, conversationId);
  const found = conversations.get(k);
  if (found) {
    // Most recently used last, so the oldest conversation is the one dropped when the map is full.
    conversations.delete(k);
    conversations.set(k, found);
    return found;
  }
  if (!create) return undefined;
  const created: ConversationViews = { known: new Map(), listed: new Map() };
  conversations.set(k, created);
  if (conversations.size > MAX_CONVERSATIONS) {
    const oldest = conversations.keys().next().value;
    if (oldest !== undefined) conversations.delete(oldest);
  }
  return created;
}

/** Called by the server when it runs a tool that declares a `ui://` view: that call's view now exists. */
export function rememberView(userId: string, conversationId: string, view: KnownView): void {
  setCapped(entry(userId, conversationId, true).known, view.viewId, view, MAX_KNOWN_VIEWS);
}

export function rememberedView(
  userId: string,
  conversationId: string,
  viewId: string,
): KnownView | undefined {
  return entry(userId, conversationId)?.known.get(viewId);
}

/**
 * The view behind a view id in a stored conversation: the tool part with that call id, whose tool
 * (resolved by the server's own registry) declares a `ui://` resource. The browser names only the id.
 */
export function viewInMessages(
  messages: UIMessage[],
  viewId: string,
  resolve: (modelName: string) => (McpletTool & { serverName: string }) | undefined,
): KnownView | undefined {
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) {
      if (!part.type.startsWith('tool-') || (part as { toolCallId?: unknown }).toolCallId !== viewId)
        continue;
      const tool = resolve(part.type.slice(5));
      if (!tool?.ui?.resourceUri) return undefined;
      return {
        viewId,
        serverId: tool.serverId,
        toolName: tool.name,
        ...(tool.title ? { toolTitle: tool.title } : {}),
        viewTitle: `${tool.serverName}: ${tool.title ?? tool.name}`,
      };
    }
  }
  return undefined;
}

/** Records a view's `tools/list` answer, admitted like an MCP server's; it replaces the view's last one. */
export function recordListing(
  userId: string,
  conversationId: string,
  view: KnownView,
  raws: readonly unknown[],
): ViewToolListing {
  const listing = admitViewTools(raws, { viewId: view.viewId, serverId: view.serverId });
  setCapped(
    entry(userId, conversationId, true).listed,
    view.viewId,
    { ...view, tools: listing.admitted, rejected: listing.rejected },
    MAX_LISTED_VIEWS,
  );
  return listing;
}

/** The view was torn down: its tools are no longer offered or callable. */
export function dropListing(userId: string, conversationId: string, viewId: string): boolean {
  return entry(userId, conversationId)?.listed.delete(viewId) ?? false;
}

/** Every admitted tool of the conversation's open views, under its model-facing name. */
export function viewToolCandidates(userId: string, conversationId: string): ViewToolCandidate[] {
  const views = entry(userId, conversationId)?.listed;
  if (!views) return [];
  return [...views.values()].flatMap((view) =>
    view.tools.map((tool) => {
      const t = { ...tool, viewId: view.viewId };
      return {
        modelName: viewToolModelName(t),
        tool: t,
        surface: { kind: 'view-tool' as const, viewId: view.viewId },
        viewTitle: view.viewTitle,
      };
    }),
  );
}

/** The live tool behind a model-facing name, read again at call time; undefined once its view is gone. */
export function viewToolByModelName(
  userId: string,
  conversationId: string,
  modelName: string,
): ViewToolCandidate | undefined {
  return viewToolCandidates(userId, conversationId).find((c) => c.modelName === modelName);
}

/** For tests: forget everything. */
export function resetViewTools(): void {
  conversations.clear();
}
