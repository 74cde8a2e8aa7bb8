'use client';
import { type RefObject, useEffect } from 'react';

/**
 * A conversation opened from a search hit (`?m=<message id>`): that message is scrolled to the
 * middle, marked and focused, once the conversation's stored messages are on screen. Scrolling up
 * to it leaves the end, so the chat does not follow new content back down (follow-while-at-end.ts).
 */
export function useFoundMessage(content: RefObject<HTMLElement | null>, conversationId: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation opened in this component is looked in again
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('m');
    if (!wanted || !content.current) return;
    const found = content.current.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(wanted)}"]`);
    if (!found) return;
    found.dataset.found = 'true';
    found.scrollIntoView({ block: 'center' });
    found.focus({ preventScroll: true });
  }, [content, conversationId]);
}
