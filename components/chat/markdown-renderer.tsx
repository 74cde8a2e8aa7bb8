'use client';
import { memo, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { preloadable } from '@/lib/client/preloadable';
import { ScrollRegion } from '../ui/scroll-region';
import { loadHighlighter } from './highlight';
import { findMath } from './math-text';

// KaTeX is large: its chunk (code, CSS, fonts) is fetched only when a reply has math, never preloaded.
const mathRenderer = preloadable(() => import('./markdown-math').then((m) => m.default));

function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const [copied, setCopied] = useState(false);
  const [highlighted, setHighlighted] = useState<ReactNode | null>(null);
  useEffect(() => {
    if (!language) return;
    let live = true;
    void loadHighlighter()
      .then((highlight) => {
        if (live) setHighlighted(highlight(code, language));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [code, language]);
  return (
    <div className="overflow-hidden rounded-md border border-border bg-surface">
      <div className="flex items-center justify-between border-b border-border px-3 py-1 text-xs text-muted">
        <span>{language ?? 'code'}</span>
        <button
          type="button"
          className="rounded px-1.5 py-0.5 hover:bg-surface-2"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            });
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <ScrollRegion
        as="pre"
        label="Code"
        className="overflow-x-auto p-3 font-mono text-[13px] leading-relaxed"
      >
        <code className={highlighted ? 'hljs' : undefined} data-highlighted={highlighted ? '' : undefined}>
          {highlighted ?? code}
        </code>
      </ScrollRegion>
    </div>
  );
}

const components: Components = {
  pre({ children }) {
    return <>{children}</>;
  },
  code({ className, children }) {
    const text = String(children ?? '');
    const language = /language-([\w+-]+)/.exec(className ?? '')?.[1] ?? null;
    const block = language !== null || text.includes('\n');
    if (!block) return <code>{children}</code>;
    return <CodeBlock code={text.replace(/\n$/, '')} language={language} />;
  },
  a({ href, children }) {
    // The host's own pages (the preview, settings) open in place; anything else in a new tab.
    if (href?.startsWith('/') && !href.startsWith('//')) return <a href={href}>{children}</a>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img({ alt }) {
    return <span className="text-muted">[image: {alt ?? 'no description'}]</span>;
  },
};

/**
 * Markdown from a model or a tool. Raw HTML is dropped (`skipHtml`), react-markdown never uses
 * innerHTML, and its URL transform strips `javascript:` and other unsafe schemes. Remote images are
 * not loaded, so a reply cannot make the browser contact a third party.
 */
const MarkdownRenderer = memo(function MarkdownRenderer({ text }: { text: string }) {
  const math = useMemo(() => findMath(text), [text]);
  if (!math.hasMath) return <MarkdownBody text={text} />;
  const MathBody = mathRenderer.current();
  // Until KaTeX has loaded the reply shows as markdown, its formulas as their TeX source.
  return (
    <Suspense fallback={<MarkdownBody text={text} />}>
      <MathBody text={math.text} />
    </Suspense>
  );
});
export default MarkdownRenderer;

const GFM: NonNullable<Options['remarkPlugins']> = [remarkGfm];

/**
 * The renderer with extra plugins: markdown-math.tsx adds math this way, in its own chunk, loaded only
 * for a reply that has math. Plugins add syntax; the safety above holds whatever they add.
 */
export function MarkdownBody({
  text,
  remarkPlugins = [],
  rehypePlugins,
}: {
  text: string;
  remarkPlugins?: Options['remarkPlugins'];
  rehypePlugins?: Options['rehypePlugins'];
}) {
  return (
    <div className="prose-chat text-[15px] leading-relaxed break-words">
      <ReactMarkdown
        remarkPlugins={remarkPlugins?.length ? [...GFM, ...remarkPlugins] : GFM}
        rehypePlugins={rehypePlugins}
        skipHtml
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

// Every construct the renderer knows (GFM included), so each of its parsers has run once.
const WARM_UP_TEXT =
  '# a\n\n**b** _c_ ~~d~~ `e` [f](https://example.com) https://example.com\n\n- [x] g\n1. h\n\n> i\n\n| j | k |\n|---|---|\n| 1 | 2 |\n\n```\nl\n```';

/**
 * The renderer's first render costs far more than the next ones (in a profile of a view's
 * boot, 10-16 ms to render a two-letter reply, in the middle of the view's boot): the browser compiles
 * its parsers on their first call. markdown.tsx has it rendered once here, off the page, while the page
 * is idle. True when it rendered through (a table is GFM's: found, the plugins ran).
 */
export function warmUp(): boolean {
  const container = document.createElement('div');
  const root = createRoot(container);
  flushSync(() => root.render(<MarkdownRenderer text={WARM_UP_TEXT} />));
  const rendered = container.querySelector('table') !== null;
  root.unmount();
  return rendered;
}
