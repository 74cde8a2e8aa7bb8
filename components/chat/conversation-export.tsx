'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { DownloadIcon } from '../ui/icons';

/**
 * A conversation row's export: a button that opens two downloads, Markdown and JSON
 * (GET /api/conversations/[id]/export). Escape or a click elsewhere closes it.
 */
export function ConversationExport({
  id,
  title,
  className,
}: {
  id: string;
  title: string;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const href = (format: 'md' | 'json') =>
    `/api/conversations/${encodeURIComponent(id)}/export?format=${format}`;
  const link =
    'block rounded px-3 py-1.5 text-sm whitespace-nowrap hover:bg-surface-2 focus:bg-surface-2 focus:outline-none';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the small menu closes it; its controls are the button and the links
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className={className}
        aria-label={`Export ${title}`}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid="conversation-export"
      >
        <DownloadIcon width={14} height={14} />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute top-full right-0 z-20 mt-1 rounded-md border border-border bg-surface p-1 shadow-lg"
          data-testid="conversation-export-menu"
        >
          <a
            className={link}
            href={href('md')}
            download
            onClick={() => setOpen(false)}
            data-testid="export-md"
          >
            Export as Markdown
          </a>
          <a
            className={link}
            href={href('json')}
            download
            onClick={() => setOpen(false)}
            data-testid="export-json"
          >
            Export as JSON
          </a>
        </div>
      ) : null}
    </div>
  );
}
