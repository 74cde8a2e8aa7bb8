'use client';
import type { ReadResourceResult } from '@modelcontextprotocol/client';
import { useCallback, useEffect, useState } from 'react';
import type { ResourceListItem } from '@/lib/mcplet/resources';
import { Button } from '../ui/button';
import { postJson, type ServerView } from './api';
import { ListingStatus } from './listing-status';
import { useServerListing } from './use-server-listing';

/** A resource's text shown in the preview is cut here; the developer reads the rest on the server. */
const SHOWN_CHARS = 20_000;

type Contents = ReadResourceResult['contents'][number];

function ContentView({ content }: { content: Contents }) {
  if ('text' in content && typeof content.text === 'string') {
    const cut = content.text.length > SHOWN_CHARS;
    return (
      <div className="rounded border border-border p-2" data-testid="resource-content">
        <p className="text-xs text-muted">
          {content.uri} · {content.mimeType ?? 'text'} · {content.text.length} characters
        </p>
        <pre className="mt-1 max-h-64 overflow-auto text-xs whitespace-pre-wrap break-words">
          {cut ? `${content.text.slice(0, SHOWN_CHARS)}\n… (cut at ${SHOWN_CHARS} characters)` : content.text}
        </pre>
      </div>
    );
  }
  const blob = 'blob' in content && typeof content.blob === 'string' ? content.blob : '';
  return (
    <p className="rounded border border-border p-2 text-xs text-muted" data-testid="resource-content">
      {content.uri} · {content.mimeType ?? 'binary'} · about {Math.floor((blob.length * 3) / 4)} bytes (not
      shown)
    </p>
  );
}

/** One listed resource, read through the host on the user's own connection (`resources/read`). */
function ReadResource({ serverId, uri }: { serverId: string; uri: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [read, setRead] = useState<{ result: ReadResourceResult; at: Date } | null>(null);

  const load = useCallback(async () => {
    setBusy(true);
    setError(null);
    const result = await postJson<ReadResourceResult>('/api/apps/resources', { serverId, uri });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setRead({ result: result.value, at: new Date() });
  }, [serverId, uri]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="mt-2 space-y-2" aria-busy={busy}>
      {busy && !read ? <p className="text-sm text-muted">Reading…</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {read ? (
        <>
          <p className="text-xs text-muted" data-testid="resource-read-at">
            Read at {read.at.toLocaleTimeString()}
          </p>
          {read.result.contents.length === 0 ? (
            <p className="text-sm text-muted">The server returned no contents.</p>
          ) : null}
          {read.result.contents.map((content) => (
            <ContentView key={content.uri} content={content} />
          ))}
        </>
      ) : null}
      <Button variant="ghost" className="text-xs" disabled={busy} onClick={() => void load()}>
        {busy ? 'Reading…' : 'Read again'}
      </Button>
    </div>
  );
}

/**
 * The Resources tab of a server's card: its resources and templates as last listed (listed again on
 * the server's list changes), each resource to read as the host reads it.
 */
export function ServerResources({ server }: { server: ServerView }) {
  const { items, problem, load } = useServerListing<ResourceListItem>(
    '/api/resources',
    'resources',
    server.id,
  );
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="space-y-2" data-testid="server-resources">
      <ListingStatus
        problem={problem}
        loading={items === null}
        empty={items?.length === 0}
        what="resources"
        connected={server.status === 'ready'}
        testId="server-resources-empty"
      />
      <ul className="space-y-2">
        {items?.map((item) => {
          const key = item.kind === 'resource' ? item.uri : item.uriTemplate;
          return (
            <li
              key={`${item.kind}:${key}`}
              className="rounded-md border border-border p-3"
              data-testid="server-resource"
              data-uri={key}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{item.title ?? item.name}</span>
                <code className="font-mono text-xs break-all text-muted">{key}</code>
                {item.mimeType ? <span className="text-xs text-muted">{item.mimeType}</span> : null}
                {item.kind === 'template' ? (
                  <span className="text-xs text-muted">
                    template ({item.variables.join(', ') || 'no variables'})
                  </span>
                ) : (
                  <Button
                    variant="ghost"
                    className="ml-auto text-xs"
                    aria-expanded={open === key}
                    onClick={() => setOpen(open === key ? null : key)}
                  >
                    {open === key ? 'Close' : 'Read'}
                  </Button>
                )}
              </div>
              {item.description ? <p className="mt-1 text-sm text-muted">{item.description}</p> : null}
              {item.kind === 'resource' && open === key ? (
                <ReadResource serverId={server.id} uri={key} />
              ) : null}
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" className="text-xs" onClick={() => void load()}>
        List again
      </Button>
    </div>
  );
}
