'use client';
import { useEffect, useState } from 'react';
import type { MessageHit } from '@/lib/chat/search-terms';

export type MessageSearch =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'done'; hits: MessageHit[] }
  | { status: 'error'; error: string };

/** Searching waits this long after the last keystroke. */
const SETTLE_MS = 250;
/** Shorter queries search titles only: one letter would match nearly every message. */
export const MIN_QUERY = 2;

/**
 * The user's conversations whose messages say what `query` says, asked of the server once typing
 * settles; a newer query cancels the request of an older one, so hits never belong to old text.
 */
export function useMessageSearch(query: string, attempt = 0): MessageSearch {
  const [state, setState] = useState<MessageSearch>({ status: 'idle' });
  useEffect(() => {
    const q = query.trim();
    // `attempt` is read so that Retry runs the same query again.
    if (q.length < MIN_QUERY || attempt < 0) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching' });
    const aborter = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(q)}`, {
          cache: 'no-store',
          signal: aborter.signal,
        });
        const body = (await response.json().catch(() => ({}))) as { hits?: MessageHit[]; error?: string };
        if (!response.ok || !body.hits) throw new Error(body.error ?? 'The search failed.');
        setState({ status: 'done', hits: body.hits });
      } catch (error) {
        if (aborter.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error.message : 'The search failed.' });
      }
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      aborter.abort();
    };
  }, [query, attempt]);
  return state;
}
