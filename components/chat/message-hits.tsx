'use client';
import Link from 'next/link';
import { useState } from 'react';
import { type MessageHit, snippetRuns } from '@/lib/chat/search-terms';
import { useMessageSearch } from './use-message-search';

function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetRuns(text).map((run, i) =>
        run.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are fixed for one snippet
          <mark key={i} className="rounded-sm bg-accent/20 text-fg">
            {run.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs are fixed for one snippet
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}

function Hit({ hit, onNavigate }: { hit: MessageHit; onNavigate: () => void }) {
  return (
    <li>
      <Link
        href={`/c/${encodeURIComponent(hit.conversationId)}?m=${encodeURIComponent(hit.messageId)}`}
        onClick={onNavigate}
        className="block rounded-md px-2 py-1.5 text-sm hover:bg-surface-2"
        data-testid="message-hit"
        data-conversation={hit.conversationId}
      >
        <span className="block truncate font-medium">{hit.title}</span>
        <span className="line-clamp-2 text-xs text-muted">
          {hit.role === 'user' ? 'You: ' : ''}
          <Snippet text={hit.snippet} />
        </span>
      </Link>
    </li>
  );
}

/**
 * The conversations whose messages say what the search says (the titles are filtered above it,
 * on the client). Only the text of messages is searched, never a tool's input or output.
 */
export function MessageHits({
  query,
  listed,
  onNavigate,
}: {
  query: string;
  /** The conversations the title filter shows already: not listed twice. */
  listed: ReadonlySet<string>;
  onNavigate: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const search = useMessageSearch(query, attempt);
  if (search.status === 'idle') return null;
  const hits = search.status === 'done' ? search.hits.filter((h) => !listed.has(h.conversationId)) : [];
  const titlesFound = listed.size > 0;
  return (
    <section aria-label="Found in messages" data-testid="message-hits" data-status={search.status}>
      <h2 className="px-2 pb-0.5 text-xs font-medium text-muted">In messages</h2>
      {search.status === 'searching' ? (
        <p className="px-2 text-sm text-muted" role="status">
          Searching messages…
        </p>
      ) : null}
      {search.status === 'error' ? (
        <div role="alert" className="px-2 text-sm text-danger">
          {search.error}{' '}
          <button type="button" className="underline" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </div>
      ) : null}
      {search.status === 'done' && hits.length === 0 ? (
        <p className="px-2 text-sm text-muted" role="status">
          {titlesFound ? 'No other conversation says “' : 'Nothing found for “'}
          {query.trim()}”.
        </p>
      ) : null}
      {hits.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {hits.map((hit) => (
            <Hit key={hit.conversationId} hit={hit} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
