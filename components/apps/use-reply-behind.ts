'use client';
import { type RefObject, useEffect, useState } from 'react';
import type { ConcreteDisplayMode } from '@/lib/mcplet/types';
import { useLatestReply } from './chat-actions';

/** Whether a reply's text sits after `root` in the conversation. */
function replyTextAfter(root: HTMLElement): boolean {
  const texts = document.querySelectorAll('article[data-role="assistant"] .prose-chat');
  const last = texts[texts.length - 1];
  return !!last && (root.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}

/**
 * A reply hidden behind a fullscreen view. It counts when reply text sits after the
 * view in the conversation and either arrived after the user made the view fullscreen, or the view
 * went fullscreen by itself (its turn's reply then always lands behind it).
 */
export function useReplyBehind(
  mode: ConcreteDisplayMode,
  chosenByUser: boolean,
  root: RefObject<HTMLElement | null>,
): boolean {
  const latestReply = useLatestReply();
  // The newest reply when the user made the view fullscreen.
  const [baseline, setBaseline] = useState<string | null>(null);
  const [behind, setBehind] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the baseline is taken when the mode changes, not on every reply
  useEffect(() => {
    setBaseline(latestReply);
  }, [mode]);

  useEffect(() => {
    const fresh = !chosenByUser || latestReply !== baseline;
    setBehind(
      mode === 'fullscreen' &&
        latestReply !== null &&
        fresh &&
        !!root.current &&
        replyTextAfter(root.current),
    );
  }, [mode, chosenByUser, latestReply, baseline, root]);

  return behind;
}
