'use client';
import { Suspense } from 'react';
import { preloadable } from '@/lib/client/preloadable';
import { whenIdle } from '@/lib/client/when-idle';

const renderer = preloadable(() =>
  import('./markdown-renderer').then((m) => {
    performance.mark('mcplet:markdown-ready');
    return m.default;
  }),
);
// Issue 14: not in the page's first load, but fetched once the page is idle, so the first reply
// renders as markdown at once (no plain text first) and its parser is not compiled while a view boots.
whenIdle(() => void renderer.preload().catch(() => {}));

/**
 * Markdown from a model or a tool (markdown-renderer.tsx says how it is kept safe). Until the
 * renderer has loaded the text shows as it is, so nothing is hidden.
 */
export function Markdown({ text }: { text: string }) {
  const Renderer = renderer.current();
  return (
    <Suspense
      fallback={
        <div className="prose-chat text-[15px] leading-relaxed break-words whitespace-pre-wrap">{text}</div>
      }
    >
      <Renderer text={text} />
    </Suspense>
  );
}
