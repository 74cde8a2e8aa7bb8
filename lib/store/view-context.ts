'use client';
import { create } from 'zustand';

export interface ViewContextEntry {
  viewId: string;
  serverId: string;
  toolName: string;
  text: string;
}

interface ViewContextState {
  entries: Record<string, ViewContextEntry>;
  set(entry: ViewContextEntry | { viewId: string; text: '' }): void;
  drop(viewId: string): void;
}

const MAX_TEXT = 8_000;

/**
 * `ui/update-model-context`: only the latest update of each view is kept; it goes to the model with
 * the next user message. An empty update clears the view's entry.
 */
export const useViewContext = create<ViewContextState>((set, get) => ({
  entries: {},
  set(entry) {
    const entries = { ...get().entries };
    if (!entry.text) delete entries[entry.viewId];
    else entries[entry.viewId] = { ...(entry as ViewContextEntry), text: entry.text.slice(0, MAX_TEXT) };
    set({ entries });
  },
  drop(viewId) {
    const entries = { ...get().entries };
    delete entries[viewId];
    set({ entries });
  },
}));

export function viewContextForRequest(): ViewContextEntry[] {
  return Object.values(useViewContext.getState().entries).slice(-4);
}
