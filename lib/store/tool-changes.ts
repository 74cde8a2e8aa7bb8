'use client';
import { create } from 'zustand';

export interface ChangedToolRef {
  serverId: string;
  toolName: string;
}

export interface RefusedTool extends ChangedToolRef {
  /** The user accepted its new definition in this page; the card says so until it is refused again. */
  accepted: boolean;
  /** Reviews it has needed in this page: a refusal after an acceptance (it changed again) is a new one. */
  refusals: number;
}

interface ToolChangesState {
  /** Changed tools a view tried to call in this page (docs/security.md, "Rug-pulls"), and whether the user has accepted them since. */
  refused: RefusedTool[];
  report(ref: ChangedToolRef): void;
  accepted(ref: ChangedToolRef): void;
}

const same = (a: ChangedToolRef, b: ChangedToolRef) => a.serverId === b.serverId && a.toolName === b.toolName;

export const useToolChanges = create<ToolChangesState>((set) => ({
  refused: [],
  report: (ref) =>
    set((s) => {
      const known = s.refused.find((r) => same(r, ref));
      if (known && !known.accepted) return s;
      if (!known) return { refused: [...s.refused, { ...ref, accepted: false, refusals: 1 }] };
      return {
        refused: s.refused.map((r) =>
          r === known ? { ...r, accepted: false, refusals: r.refusals + 1 } : r,
        ),
      };
    }),
  accepted: (ref) =>
    set((s) => ({ refused: s.refused.map((r) => (same(r, ref) ? { ...r, accepted: true } : r)) })),
}));
