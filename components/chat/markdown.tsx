'use client';
import { type ComponentType, Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { preloadable } from '@/lib/client/preloadable';
import { whenIdle } from '@/lib/client/when-idle';

type Renderer = ComponentType<{ text: string }>;

// Every construct the renderer knows (GFM included), so each of its parsers has run once.
const WARM_UP_TEXT =
  '# a\n\n**b** _c_ ~~d~~ `e` [f](https://example.com) https://example.com\n\n- [x] g\n1. h\n\n> i\n\n| j | k |\n|---|---|\n| 1 | 2 |\n\n```\nl\n```';

/**
 * The renderer's first render costs far more than the next ones (in a profile of a view's boot, 10-16
 * ms to render a two-letter reply, in the middle of the view's boot): the browser compiles its parsers
 * on their first call. Rendered once here, off the page, while the page is idle.
 */
function warmUp(Warmed: Renderer): boolean {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<Warmed text={WARM_UP_TEXT} />));
  // A table is GFM's: found, the renderer ran with its plugins.
  const rendered = container.querySelector('table') !== null;
  root.unmount();
  return rendered;
}

const renderer = preloadable<{ text: string }>(() =>
  import('./markdown-renderer').then((m) => {
    performance.mark('mcplet:markdown-ready');
    whenIdle(() => {
      try {
        if (warmUp(m.default)) performance.mark('mcplet:markdown-warmed');
      } catch {
        // A warm-up that fails changes nothing: the first reply renders as it would have.
      }
    });
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
