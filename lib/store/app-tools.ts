'use client';

import type { CallToolResult } from '@modelcontextprotocol/client';
import { create } from 'zustand';

/** An open view that provides tools (MCP Apps `tools`): the bridge to run them in. */
export interface ViewTools {
  viewId: string;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

interface AppToolsState {
  views: Record<string, ViewTools>;
  set(view: ViewTools): void;
  drop(viewId: string): void;
}

/**
 * The views that provide tools, so a run the server approved can reach its view. The browser keeps
 * no list of the tools themselves: the server keeps it, admits it and decides every call.
 */
export const useAppTools = create<AppToolsState>((set, get) => ({
  views: {},
  set(view) {
    set({ views: { ...get().views, [view.viewId]: view } });
  },
  drop(viewId) {
    const views = { ...get().views };
    delete views[viewId];
    set({ views });
  },
}));

function viewToolsUrl(conversationId: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}/view-tools`;
}

export interface ListingAnswer {
  admitted: Array<{ name: string; gate: string; descriptionWithheld?: boolean }>;
  rejected: Array<{ name: string; reasons: Array<{ message: string }> }>;
}

/**
 * Reports a view's `tools/list` answer to the server, which admits it. The server knows the view
 * from its own records of the tool call; while that call is still starting it may not yet, so a
 * refusal is retried a few times.
 */
export async function reportViewTools(
  conversationId: string,
  viewId: string,
  tools: unknown[],
): Promise<ListingAnswer> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(viewToolsUrl(conversationId), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewId, tools }),
    });
    if (response.ok) return (await response.json()) as ListingAnswer;
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    if (response.status !== 404 || attempt >= 4) throw new Error(body.error ?? `HTTP ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
}

/** The view was torn down: the server stops offering its tools and ends its pending runs. */
export function reportViewDropped(conversationId: string, viewId: string): void {
  void fetch(`${viewToolsUrl(conversationId)}?viewId=${encodeURIComponent(viewId)}`, {
    method: 'DELETE',
    keepalive: true,
  }).catch(() => {});
}
