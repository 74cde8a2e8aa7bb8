'use client';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { CloseIcon } from '../ui/icons';

/**
 * One attachment of a message, in the composer and in the chat: an MCP resource from the picker or a
 * file of the user's (its type, size and a thumbnail when it is an image), with its remove button
 * while the message is being written.
 */
export function AttachmentChip({
  label,
  detail,
  thumbnail,
  title,
  children,
  remove,
  testId = 'attachment-chip',
}: {
  label: string;
  /** Muted after the label: "PNG image · 12 KB". */
  detail?: string;
  /** An image's own URL, shown small; decorative (the label names the file). */
  thumbnail?: string;
  title?: string;
  /** More after the label: a resource's state, a file's download link. */
  children?: ReactNode;
  remove?: { label: string; onRemove: () => void; testId?: string };
  testId?: string;
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-1">
      <span
        className="inline-flex max-w-full items-center gap-1.5 truncate rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium text-muted"
        title={title}
        data-testid={testId}
      >
        {thumbnail ? (
          // biome-ignore lint/performance/noImgElement: a user's own file by data or attachment URL; next/image would proxy it.
          <img src={thumbnail} alt="" className="h-5 w-5 shrink-0 rounded object-cover" />
        ) : null}
        <span className="truncate">{label}</span>
        {detail ? <span className="shrink-0 font-normal">· {detail}</span> : null}
        {children}
      </span>
      {remove ? (
        <Button
          variant="ghost"
          className="h-7 px-1.5 text-muted"
          aria-label={remove.label}
          onClick={remove.onRemove}
          data-testid={remove.testId}
        >
          <CloseIcon />
        </Button>
      ) : null}
    </span>
  );
}
