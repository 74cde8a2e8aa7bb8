'use client';
import { useNotices } from '@/lib/store/notices';

function argsText(args: unknown): string {
  if (!args || typeof args !== 'object') return 'no arguments';
  const entries = Object.entries(args as Record<string, unknown>);
  if (!entries.length) return 'no arguments';
  return entries.map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
}

/**
 * Notify level (WebMCP humanInTheLoopHint `notify`): the call already ran; the user is told what
 * ran and with which arguments, without being asked. Non-blocking and dismissible; repeated calls of
 * one tool share a notice (lib/store/notices.ts).
 */
export function NoticeToasts() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  if (!notices.length) return null;
  return (
    <section
      aria-label="Notices"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-40 flex w-[min(92vw,24rem)] flex-col gap-2"
    >
      {notices.map((n) => (
        <div
          key={n.id}
          role="status"
          className="pointer-events-auto rounded-lg border border-border bg-bg p-3 text-sm shadow-lg"
          data-testid="notice-toast"
          data-tool={n.toolName}
          data-count={n.count}
        >
          <div className="flex items-start justify-between gap-2">
            <p>
              Ran <code className="font-mono">{n.toolName}</code>
              {n.serverName ? <> from {n.serverName}</> : null}
              {n.count > 1 ? (
                // The count changes with every call of a polling view; it is not read out each time.
                <span className="text-muted" data-testid="notice-count" aria-hidden="true">
                  {' '}
                  ({n.count} times)
                </span>
              ) : null}
            </p>
            <button
              type="button"
              className="rounded px-1 text-muted hover:text-fg"
              aria-label="Dismiss"
              data-testid="notice-dismiss"
              onClick={() => dismiss(n.id)}
            >
              ✕
            </button>
          </div>
          <p className="mt-1 font-mono text-xs break-all text-muted" data-testid="notice-args">
            {argsText(n.args)}
          </p>
        </div>
      ))}
    </section>
  );
}
