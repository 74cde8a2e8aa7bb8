'use client';
import { formatBytes, typeInWords } from '@/lib/chat/attachment-rules';
import { AttachmentChip } from './attachment-chip';

const THUMBNAILED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A file the user attached: its name, type and size, a thumbnail when it is an image. */
export function FileChip({
  name,
  mediaType,
  size,
  url,
  onRemove,
  download = false,
}: {
  name: string;
  mediaType: string;
  size?: number;
  /** A data URL while it is being written, its attachment's URL once sent. */
  url: string;
  onRemove?: () => void;
  /** On a sent message: a link that saves the file. */
  download?: boolean;
}) {
  return (
    <AttachmentChip
      label={name}
      detail={
        size === undefined ? typeInWords(mediaType) : `${typeInWords(mediaType)} · ${formatBytes(size)}`
      }
      thumbnail={THUMBNAILED.has(mediaType) ? url : undefined}
      title={name}
      testId="file-chip"
      remove={onRemove ? { label: `Remove the file ${name}`, onRemove, testId: 'file-remove' } : undefined}
    >
      {download ? (
        <a
          href={url}
          download={name}
          className="ml-1 underline"
          aria-label={`Download ${name}`}
          data-testid="file-download"
        >
          Download
        </a>
      ) : null}
    </AttachmentChip>
  );
}

/** A file on a sent message: an image shown (it opens full size), any file as its chip with a download link. */
export function FileAttachment({ name, mediaType, url }: { name: string; mediaType: string; url: string }) {
  return (
    <div className="flex flex-col items-end gap-1" data-testid="file-part">
      {THUMBNAILED.has(mediaType) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${name}`}>
          {/* biome-ignore lint/performance/noImgElement: the user's own attachment, served by the host to its owner. */}
          <img
            src={url}
            alt={name}
            loading="lazy"
            className="max-h-64 max-w-full rounded-lg border border-border object-contain"
            data-testid="file-image"
          />
        </a>
      ) : null}
      <FileChip name={name} mediaType={mediaType} url={url} download />
    </div>
  );
}
