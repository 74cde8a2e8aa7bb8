'use client';
import { createContext, useContext } from 'react';

/** Opens the conversation list drawer on narrow screens (the shell owns it). */
export const SidebarToggleContext = createContext<{ open: () => void; expanded: boolean }>({
  open: () => {},
  expanded: false,
});

/**
 * The drawer's button. Pages with their own header put it there (one header row on a phone); the shell shows it on the others.
 */
export function MenuButton({ className = '' }: { className?: string }) {
  const { open, expanded } = useContext(SidebarToggleContext);
  return (
    <button
      type="button"
      className={`inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-md border border-border px-2 text-sm md:hidden ${className}`}
      aria-controls="sidebar"
      aria-expanded={expanded}
      aria-label="Conversations"
      onClick={open}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
