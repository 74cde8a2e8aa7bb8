'use client';
import type { Version } from '@/lib/chat/message-tree';
import { Button } from '../ui/button';

/**
 * `< 2/3 >` under a message that has versions (an edit, a regenerated reply): the arrows show the
 * version before or after it, with its branch (lib/chat/message-tree.ts). Off while a reply runs.
 */
export function MessageVersions({
  version,
  disabled = false,
  onShow,
}: {
  version: Version;
  disabled?: boolean;
  onShow: (messageId: string) => void;
}) {
  if (version.count < 2) return null;
  const { previous, next } = version;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a count, not a form's fieldset
    <div
      role="group"
      aria-label="Versions"
      className="flex items-center text-xs text-muted"
      data-testid="message-versions"
    >
      <Button
        variant="ghost"
        className="h-8 px-2 text-xs"
        aria-label="Previous version"
        title="Previous version"
        disabled={disabled || previous === null}
        onClick={() => previous && onShow(previous)}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <span className="tabular-nums" data-testid="version-count">
        {version.index + 1}/{version.count}
      </span>
      <Button
        variant="ghost"
        className="h-8 px-2 text-xs"
        aria-label="Next version"
        title="Next version"
        disabled={disabled || next === null}
        onClick={() => next && onShow(next)}
      >
        <span aria-hidden="true">›</span>
      </Button>
    </div>
  );
}
