'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { type ConversationItem, useConversations } from '@/lib/store/conversations';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { CloseIcon, PencilIcon, SearchIcon } from '../ui/icons';
import { ConversationExport } from './conversation-export';
import { groupConversations } from './conversation-groups';
import { MessageHits } from './message-hits';
import { MIN_QUERY } from './use-message-search';

/** Icon buttons of a row: 32 px targets, quiet until the row is hovered or focused. */
const ROW_BUTTON =
  'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded text-muted opacity-70 group-hover:opacity-100 hover:bg-surface focus:opacity-100';

function Row({
  item,
  active,
  onNavigate,
}: {
  item: ConversationItem;
  active: boolean;
  onNavigate: () => void;
}) {
  const { rename, remove } = useConversations();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.title);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim() === item.title) return setEditing(false);
    const problem = await rename(item.id, draft);
    setError(problem);
    if (!problem) setEditing(false);
  }

  async function confirmDelete() {
    const problem = await remove(item.id);
    setError(problem);
    if (!problem && active) router.push('/');
  }

  if (editing) {
    return (
      <li className="px-2 py-1">
        <form onSubmit={submit} className="flex flex-col gap-1">
          <label className="sr-only" htmlFor={`rename-${item.id}`}>
            New title
          </label>
          <input
            id={`rename-${item.id}`}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this row
            autoFocus
            value={draft}
            maxLength={120}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setDraft(item.title);
                setEditing(false);
              }
            }}
            className="w-full rounded border border-border bg-bg px-2 py-1 text-sm"
          />
          <div className="flex gap-1">
            <Button type="submit" variant="primary" className="px-2 py-0.5 text-xs">
              Save
            </Button>
            <Button className="px-2 py-0.5 text-xs" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-xs text-danger">
              {error}
            </p>
          ) : null}
        </form>
      </li>
    );
  }

  return (
    <li className={`group flex items-center rounded-md ${active ? 'bg-surface-2' : 'hover:bg-surface-2'}`}>
      <Link
        href={`/c/${item.id}`}
        // Not prefetched: each would render a whole conversation on the server on every page load.
        prefetch={false}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className="min-w-0 flex-1 truncate px-2 py-1.5 text-sm"
        title={item.title}
      >
        {item.title}
      </Link>
      <button
        type="button"
        className={ROW_BUTTON}
        aria-label={`Rename ${item.title}`}
        onClick={() => {
          setDraft(item.title);
          setEditing(true);
        }}
      >
        <PencilIcon width={14} height={14} />
      </button>
      <ConversationExport id={item.id} title={item.title} className={ROW_BUTTON} />
      <button
        type="button"
        className={ROW_BUTTON}
        aria-label={`Delete ${item.title}`}
        onClick={() => setConfirming(true)}
      >
        <CloseIcon width={14} height={14} />
      </button>
      {error ? (
        <span role="alert" className="sr-only">
          {error}
        </span>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this conversation?"
        description={`“${item.title}” and all its messages will be removed. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={confirmDelete}
      />
    </li>
  );
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { items, status, error, refresh } = useConversations();
  const pathname = usePathname();
  const activeId = pathname.startsWith('/c/') ? decodeURIComponent(pathname.slice(3)) : null;
  const [query, setQuery] = useState('');
  // The date headings are computed on the client only (the server's clock and zone are not the user's).
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  const groups = useMemo(
    () => (now ? groupConversations(items, now, query) : [{ label: null, items }]),
    [items, now, query],
  );

  const listed = useMemo(() => new Set(groups.flatMap((g) => g.items.map((item) => item.id))), [groups]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <nav aria-label="Conversations" className="flex min-h-0 flex-1 flex-col gap-2 p-2">
      <Link
        href="/"
        onClick={onNavigate}
        className="rounded-md border border-border px-3 py-2 text-center text-sm font-medium hover:bg-surface-2"
      >
        + New chat
      </Link>
      {status === 'loading' ? <p className="px-2 text-sm text-muted">Loading conversations…</p> : null}
      {status === 'error' ? (
        <div role="alert" className="px-2 text-sm text-danger">
          {error}{' '}
          <button type="button" className="underline" onClick={() => void refresh()}>
            Retry
          </button>
        </div>
      ) : null}
      {items.length > 0 ? (
        <label className="flex items-center gap-2 rounded-md border border-border bg-bg px-2 text-sm">
          <SearchIcon className="shrink-0 text-muted" />
          <span className="sr-only">Search conversations</span>
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search conversations"
            className="min-h-9 w-full min-w-0 bg-transparent outline-none"
            data-testid="conversation-search"
          />
        </label>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <p className="px-2 text-sm text-muted">No conversations yet.</p>
      ) : null}
      {query.trim() && groups.length === 0 && query.trim().length < MIN_QUERY ? (
        <p className="px-2 text-sm text-muted" role="status">
          No conversation title contains “{query.trim()}”.
        </p>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto" data-testid="conversation-list">
        {groups.map((group) => (
          <div key={group.label ?? 'all'}>
            {group.label ? (
              <h2 className="px-2 pb-0.5 text-xs font-medium text-muted">{group.label}</h2>
            ) : null}
            <ul className="flex flex-col gap-0.5" aria-label={group.label ?? 'Conversations'}>
              {group.items.map((item) => (
                <Row key={item.id} item={item} active={item.id === activeId} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        ))}
        <MessageHits query={query} listed={listed} onNavigate={onNavigate} />
      </div>
      <Link
        href="/preview"
        onClick={onNavigate}
        aria-current={pathname === '/preview' ? 'page' : undefined}
        className="rounded-md px-3 py-2 text-sm hover:bg-surface-2"
      >
        Developer preview
      </Link>
      <Link
        href="/audit"
        onClick={onNavigate}
        aria-current={pathname === '/audit' ? 'page' : undefined}
        className="rounded-md px-3 py-2 text-sm hover:bg-surface-2"
      >
        Action log
      </Link>
      <Link
        href="/settings"
        onClick={onNavigate}
        aria-current={pathname === '/settings' ? 'page' : undefined}
        className="rounded-md px-3 py-2 text-sm hover:bg-surface-2"
        data-testid="settings-link"
      >
        Settings
      </Link>
    </nav>
  );
}
