'use client';
import { create } from 'zustand';

/** The room one floating view takes at the top or bottom edge of the message list. */
export interface PipReserve {
  edge: 'top' | 'bottom';
  /** Pixels, the view's height with its margins. */
  size: number;
}

interface PipReserveState {
  reserves: Record<string, PipReserve>;
  set(viewId: string, reserve: PipReserve): void;
  drop(viewId: string): void;
}

/**
 * Each floating view says how much of the message list's edge it covers, and the list pads that edge
 * by as much, so the newest message can always be scrolled clear of the view.
 */
export const usePipReserves = create<PipReserveState>((set, get) => ({
  reserves: {},
  set(viewId, reserve) {
    const old = get().reserves[viewId];
    if (old && old.edge === reserve.edge && old.size === reserve.size) return;
    set({ reserves: { ...get().reserves, [viewId]: reserve } });
  },
  drop(viewId) {
    if (!(viewId in get().reserves)) return;
    const reserves = { ...get().reserves };
    delete reserves[viewId];
    set({ reserves });
  },
}));

/** The padding the message list needs at each edge: the largest room any floating view takes there. */
export function usePipPadding(): { top: number; bottom: number } {
  const top = usePipReserves((s) => maxAt(s.reserves, 'top'));
  const bottom = usePipReserves((s) => maxAt(s.reserves, 'bottom'));
  return { top, bottom };
}

function maxAt(reserves: Record<string, PipReserve>, edge: PipReserve['edge']): number {
  let max = 0;
  for (const r of Object.values(reserves)) if (r.edge === edge && r.size > max) max = r.size;
  return max;
}
