'use client';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and the first (hydrating) render, true once React runs in the page:
 * controls that act only through JavaScript stay disabled until then, so an early click is not
 * silently lost. A component first rendered after hydration gets true at once (a view's
 * frame then starts in its first commit, not one render and a paint later).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
