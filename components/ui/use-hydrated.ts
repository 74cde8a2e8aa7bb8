'use client';
import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and the first render, true once React runs in the page: controls that
 * act only through JavaScript stay disabled until then, so an early click is not silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
