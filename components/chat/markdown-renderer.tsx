'use client';
import { memo, type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ScrollRegion } from '../ui/scroll-region';
import { loadHighlighter } from './highlight';

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
  return (
    <div className="prose-chat text-[15px] leading-relaxed break-words">
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
export default MarkdownRenderer;

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
