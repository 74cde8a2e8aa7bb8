'use client';
import { Suspense } from 'react';
import { preloadable } from '@/lib/client/preloadable';
import { whenIdle } from '@/lib/client/when-idle';

const renderer = preloadable(() =>
  import('./markdown-renderer').then((m) => {
    performance.mark('mcplet:markdown-ready');
    whenIdle(() => {
      try {
        if (m.warmUp()) performance.mark('mcplet:markdown-warmed');
      } catch {
        // A warm-up that fails changes nothing: the first reply renders as it would have.
      }
    });
    return m.default;
  }),
);
// Not in the page's first load, but fetched once the page is idle, so the first reply
// renders as markdown at once (no plain text first) and its parser is not compiled while a view boots;
// then rendered once off the page (`warmUp`), so its parsers' first run is not in the first reply's.
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
