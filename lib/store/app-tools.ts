'use client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { create } from 'zustand';
import { appToolName } from '../mcplet/names';

export interface AppToolInfo {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export interface ViewTools {
  viewId: string;
  viewTitle: string;
  tools: AppToolInfo[];
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

interface AppToolsState {
  views: Record<string, ViewTools>;
  set(view: ViewTools): void;
  drop(viewId: string): void;
}

const MAX_TOOLS_PER_VIEW = 50;

/** Tools the open views provide (MCP Apps `tools`); they vanish when their view is torn down. */
export const useAppTools = create<AppToolsState>((set, get) => ({
  views: {},
  set(view) {
    set({
      views: { ...get().views, [view.viewId]: { ...view, tools: view.tools.slice(0, MAX_TOOLS_PER_VIEW) } },
    });
  },
  drop(viewId) {
    const views = { ...get().views };
    delete views[viewId];
    set({ views });
  },
}));

export interface AppToolForRequest extends AppToolInfo {
  viewId: string;
  viewTitle: string;
}

export function appToolsForRequest(): AppToolForRequest[] {
  return Object.values(useAppTools.getState().views).flatMap((v) =>
    v.tools.map((t) => ({ ...t, viewId: v.viewId, viewTitle: v.viewTitle })),
  );
}

/** Finds the live view tool behind a model-facing name; undefined once its view is gone. */
export function findAppTool(modelName: string): { view: ViewTools; tool: AppToolInfo } | undefined {
  for (const view of Object.values(useAppTools.getState().views)) {
    for (const tool of view.tools)
      if (appToolName(view.viewId, tool.name) === modelName) return { view, tool };
  }
  return undefined;
}
