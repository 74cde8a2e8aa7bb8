'use client';
import { useEffect, useState } from 'react';
import { PREVIEW_CHARS, type ResultResource, readableSize } from './result-resources';

/** The resources a result names or carries, as items: name, type, size, a preview or a download. */
export function ResultResourcesList({
  resources,
  toolName,
}: {
  resources: ResultResource[];
  toolName: string;
}) {
  if (resources.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1" aria-label={`Resources from ${toolName}`} data-testid="tool-resources">
      {resources.map((r, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored result's list never changes order, and a URI may repeat
          key={`${r.uri}-${index}`}
          className="rounded border border-border bg-bg px-2 py-1 text-xs"
          data-testid="tool-resource"
          data-kind={r.kind}
        >
          <div className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium" data-testid="tool-resource-label">
              {r.label}
            </span>
            {r.mimeType ? <span className="text-muted">{r.mimeType}</span> : null}
            {r.size !== undefined ? <span className="text-muted">{readableSize(r.size)}</span> : null}
            <span className="text-muted">{r.kind === 'link' ? 'linked' : 'included'}</span>
            {r.blob ? <BlobDownload resource={r} /> : null}
          </div>
          <p className="truncate font-mono text-muted" title={r.uri}>
            {r.uri}
          </p>
          {r.description ? <p className="text-muted">{r.description}</p> : null}
          {r.text !== undefined ? (
            <details>
              <summary className="cursor-pointer text-muted">Preview</summary>
              <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap font-mono">
                {r.text}
                {r.size !== undefined && r.size > PREVIEW_CHARS ? '\n… (cut for the preview)' : ''}
              </pre>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Download of an embedded blob, from its own bytes. Always as a file (octet-stream, `download`): an
 * HTML or SVG blob opened in the page would run as the host.
 */
function BlobDownload({ resource }: { resource: ResultResource }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    if (!resource.blob) return;
    const bytes = Uint8Array.from(atob(resource.blob), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [resource.blob]);
  if (!href) return null;
  return (
    <a
      href={href}
      download={resource.label}
      className="text-accent underline"
      data-testid="tool-resource-download"
    >
      Download
    </a>
  );
}
