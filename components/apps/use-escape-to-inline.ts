'use client';
import { useEffect, useRef } from 'react';

/**
 * Escape returns a fullscreen or floating view inline, unless a dialog (a gate, a
 * confirmation) has the keyboard: its own Escape comes first. Keys pressed inside the view's frame
 * stay with the view (another origin); the host's toolbar and page get Escape.
 */
export function useEscapeToInline(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
