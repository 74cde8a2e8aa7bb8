'use client';
import { lazy, Suspense } from 'react';

const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

/**
 * Markdown from a model or a tool (markdown-renderer.tsx says how it is kept safe). The renderer and
 * its parser load with the first message, not with the page (issue 14: about a fifth of the chat
 * page's first-load JavaScript); until then the text shows as it is, so nothing is hidden.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="prose-chat text-[15px] leading-relaxed break-words whitespace-pre-wrap">{text}</div>
      }
    >
      <MarkdownRenderer text={text} />
    </Suspense>
  );
}
