'use client';
import { create } from 'zustand';

export interface ChangedToolRef {
  serverId: string;
  toolName: string;
}

interface ToolChangesState {
  /** Changed tools a view tried to call in this page (attack 18), until the user accepts them. */
  refused: ChangedToolRef[];
  report(ref: ChangedToolRef): void;
  accepted(ref: ChangedToolRef): void;
}

const same = (a: ChangedToolRef, b: ChangedToolRef) => a.serverId === b.serverId && a.toolName === b.toolName;

export const useToolChanges = create<ToolChangesState>((set) => ({
  refused: [],
  report: (ref) => set((s) => (s.refused.some((r) => same(r, ref)) ? s : { refused: [...s.refused, ref] })),
  accepted: (ref) => set((s) => ({ refused: s.refused.filter((r) => !same(r, ref)) })),
}));
