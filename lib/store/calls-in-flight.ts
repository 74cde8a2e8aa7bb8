'use client';
import { useEffect } from 'react';
import { create } from 'zustand';

interface CallsInFlight {
  count: number;
  /** A call of this page starts; the function returned ends it (once, however often it is called). */
  begin(): () => void;
}

/**
 * How many of this page's calls may be waiting on their server: a chat turn, a view's call, the
 * preview's. A server asks its questions (elicitation) only during a call, so the host looks for
 * them often while one runs and seldom otherwise.
 */
export const useCallsInFlight = create<CallsInFlight>((set) => ({
  count: 0,
  begin() {
    set((s) => ({ count: s.count + 1 }));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      set((s) => ({ count: Math.max(0, s.count - 1) }));
    };
  },
}));

/** Counts a component's call as in flight while `busy` is true. */
export function useCallInFlight(busy: boolean) {
  useEffect(() => (busy ? useCallsInFlight.getState().begin() : undefined), [busy]);
}
