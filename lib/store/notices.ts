'use client';
import { create } from 'zustand';

/** A call that ran without waiting and that its gate level says the user is told about (notify). */
export interface Notice {
  id: string;
  toolName: string;
  serverName?: string;
  /** Calls of one tool of one server share a notice; absent, the tool name and server name do. */
  serverId?: string;
  args: unknown;
}

/** A notice on screen: the latest call of its tool, and how many calls it stands for. */
export interface ShownNotice extends Notice {
  key: string;
  count: number;
}

/** At most this many notices at once; the oldest goes first. */
const MAX_SHOWN = 5;

interface NoticeState {
  notices: ShownNotice[];
  seen: Set<string>;
  /**
   * Shows a notice once per call id. A call of a tool whose notice is still on screen updates that
   * notice (latest arguments, one more call) instead of adding one: a view that polls a tool every
   * two seconds keeps one notice, not a stack of them.
   */
  push(notice: Notice): void;
  dismiss(id: string): void;
}

function keyOf(notice: Notice): string {
  return `${notice.serverId ?? notice.serverName ?? ''}\u0000${notice.toolName}`;
}

export const useNotices = create<NoticeState>((set, get) => ({
  notices: [],
  seen: new Set(),
  push(notice) {
    const { notices, seen } = get();
    if (seen.has(notice.id)) return;
    const key = keyOf(notice);
    const shown = notices.find((n) => n.key === key);
    const next = shown
      ? notices.map((n) => (n === shown ? { ...n, args: notice.args, count: n.count + 1 } : n))
      : [...notices.slice(-(MAX_SHOWN - 1)), { ...notice, key, count: 1 }];
    set({ notices: next, seen: new Set(seen).add(notice.id) });
  },
  dismiss(id) {
    set({ notices: get().notices.filter((n) => n.id !== id) });
  },
}));
