'use client';
import { isConcreteMode } from '../mcplet/display-mode';
import type { ConcreteDisplayMode } from '../mcplet/types';

const KEY = 'mcplet:view-modes';
/** Only the newest choices are kept: old conversations' views fall back to inline. */
const KEEP = 200;

function readAll(): [string, ConcreteDisplayMode][] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is [string, ConcreteDisplayMode] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && isConcreteMode(entry[1]),
    );
  } catch {
    return [];
  }
}

/** The display mode the user (or the view, with the host's consent) last chose for a view. */
export function storedViewMode(viewId: string): ConcreteDisplayMode | null {
  return readAll().find(([id]) => id === viewId)?.[1] ?? null;
}

export function storeViewMode(viewId: string, mode: ConcreteDisplayMode): void {
  const rest = readAll().filter(([id]) => id !== viewId);
  try {
    window.localStorage.setItem(KEY, JSON.stringify([...rest.slice(-(KEEP - 1)), [viewId, mode]]));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
