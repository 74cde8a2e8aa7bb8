'use client';
import { useState } from 'react';
import type { ToolChange, ViewChange } from '@/lib/mcp/pins';
import { Button } from '../ui/button';
import { acceptToolChange } from './review-change';
import { ReviewViewChange } from './review-view-change';
import { ToolChangeDiff } from './tool-change-diff';

function ChangedTool({ change, onAccepted }: { change: ToolChange; onAccepted: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function accept() {
    setBusy(true);
    const failed = await acceptToolChange(change);
    setBusy(false);
    if (failed) setError(failed);
    else onAccepted();
  }
  return (
    <li
      className="rounded-md border border-warn/50 p-3 text-sm"
      data-testid="changed-tool"
      data-tool={change.toolName}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <code className="font-mono font-semibold">{change.toolName}</code>
        <span className="text-xs text-muted">
          trusted {new Date(change.pinnedAt).toLocaleString()}; blocked until you accept the change
        </span>
        <Button variant="danger" className="ml-auto text-xs" onClick={() => void accept()} disabled={busy}>
          Accept
        </Button>
      </div>
      <ToolChangeDiff changes={change.changes} />
      {error ? (
        <p role="alert" className="mt-1 text-danger">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Rug-pulls (a definition changed after it was trusted), in the preview: the server's changed tools, each with its diff and Accept; changed views,
 * each refused until its review is accepted.
 */
export function ChangedTools({
  serverId,
  changes,
  views,
  onChanged,
}: {
  serverId: string;
  changes: ToolChange[];
  views: ViewChange[];
  onChanged: () => void;
}) {
  if (changes.length === 0 && views.length === 0) return null;
  return (
    <>
      {changes.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-warn">
            Changed since you trusted them ({changes.length})
          </h3>
          <ul className="mt-2 space-y-2">
            {changes.map((c) => (
              <ChangedTool key={`${c.toolName}-${c.currentHash}`} change={c} onAccepted={onChanged} />
            ))}
          </ul>
        </>
      ) : null}
      {views.length > 0 ? (
        <ul className="mt-2 space-y-1" data-testid="changed-views">
          {views.map((v) => (
            <li
              key={`${v.uri} ${v.currentHash}`}
              className="rounded-md border border-warn/50 p-3"
              data-testid="changed-view"
              data-uri={v.uri}
            >
              <ReviewViewChange serverId={serverId} uri={v.uri} onAccepted={onChanged} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
