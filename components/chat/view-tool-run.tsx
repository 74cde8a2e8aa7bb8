'use client';
import { useEffect } from 'react';
import { performViewRun, type ViewRun } from '@/lib/apps/app-tool-runner';

/** An approved call of a view-provided tool: the server handed over this run; the view performs it once. */
export function ViewToolRun({ run, live }: { run: ViewRun; live: boolean }) {
  useEffect(() => {
    if (live) void performViewRun(run);
  }, [run, live]);
  return (
    <p className="text-sm text-muted" data-testid="view-tool-running">
      {live ? 'Running in the view…' : 'This call was waiting for its view, which never answered.'}
    </p>
  );
}
