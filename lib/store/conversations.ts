'use client';
import { create } from 'zustand';

export interface ConversationItem {
  id: string;
  title: string;
  chatMode: string;
  updatedAt: string;
}

interface ConversationState {
  items: ConversationItem[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  refresh(): Promise<void>;
  rename(id: string, title: string): Promise<string | null>;
  remove(id: string): Promise<string | null>;
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? `Request failed (HTTP ${response.status}).`;
  } catch {
    return `Request failed (HTTP ${response.status}).`;
  }
}

export const useConversations = create<ConversationState>((set, get) => ({
  items: [],
  status: 'idle',
  error: null,
  async refresh() {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      const response = await fetch('/api/conversations', { cache: 'no-store' });
      if (!response.ok) throw new Error(await errorText(response));
      const body = (await response.json()) as { conversations: ConversationItem[] };
      set({ items: body.conversations, status: 'ready', error: null });
    } catch (error) {
      set({
        status: 'error',
        error: error instanceof Error ? error.message : 'Could not load conversations.',
      });
    }
  },
  async rename(id, title) {
    const response = await fetch(`/api/conversations/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (!response.ok) return errorText(response);
    set({ items: get().items.map((c) => (c.id === id ? { ...c, title: title.trim() } : c)) });
    return null;
  },
  async remove(id) {
    const response = await fetch(`/api/conversations/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) return errorText(response);
    set({ items: get().items.filter((c) => c.id !== id) });
    return null;
  },
}));
