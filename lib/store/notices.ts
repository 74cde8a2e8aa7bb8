'use client';
import { create } from 'zustand';

/** A call that ran without waiting and that its gate level says the user is told about (notify). */
export interface Notice {
  id: string;
  toolName: string;
  serverName?: string;
  args: unknown;
}

interface NoticeState {
  notices: Notice[];
  seen: Set<string>;
  /** Shows a notice once per call id. */
  push(notice: Notice): void;
  dismiss(id: string): void;
}

export const useNotices = create<NoticeState>((set, get) => ({
  notices: [],
  seen: new Set(),
  push(notice) {
    if (get().seen.has(notice.id)) return;
    set({ notices: [...get().notices.slice(-4), notice], seen: new Set(get().seen).add(notice.id) });
  },
  dismiss(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
}));
