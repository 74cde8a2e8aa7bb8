'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useState } from 'react';
import { type ConversationItem, useConversations } from '@/lib/store/conversations';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';

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
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        className="min-w-0 flex-1 truncate px-2 py-1.5 text-sm"
        title={item.title}
      >
        {item.title}
      </Link>
      <button
        type="button"
        className="rounded px-1.5 py-1 text-xs text-muted opacity-70 group-hover:opacity-100 hover:bg-surface focus:opacity-100"
        aria-label={`Rename ${item.title}`}
        onClick={() => {
          setDraft(item.title);
          setEditing(true);
        }}
      >
        ✎
      </button>
      <button
        type="button"
        className="rounded px-1.5 py-1 text-xs text-muted opacity-70 group-hover:opacity-100 hover:bg-surface focus:opacity-100"
        aria-label={`Delete ${item.title}`}
        onClick={() => setConfirming(true)}
      >
        ✕
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

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <nav aria-label="Conversations" className="flex h-full flex-col gap-2 p-2">
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
      {status === 'ready' && items.length === 0 ? (
        <p className="px-2 text-sm text-muted">No conversations yet.</p>
      ) : null}
      <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto" data-testid="conversation-list">
        {items.map((item) => (
          <Row key={item.id} item={item} active={item.id === activeId} onNavigate={onNavigate} />
        ))}
      </ul>
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
