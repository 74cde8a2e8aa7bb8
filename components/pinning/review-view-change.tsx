'use client';
import { useState } from 'react';
import type { ViewReview } from '@/lib/trust/view-pin';
import { Button } from '../ui/button';
import { fetchChange, postAcceptance, ReviewDialog } from './review-dialog';
import { ViewChangeDiff } from './view-change-diff';

function changeUrl(serverId: string, what: 'change' | 'accept', uri?: string): string {
  const base = `/api/servers/${encodeURIComponent(serverId)}/views/${what}`;
  return uri === undefined ? base : `${base}?uri=${encodeURIComponent(uri)}`;
}

/**
 * A view whose HTML changed since the user trusted it is not shown: this says so and offers the
 * review (what changed, Accept bound to the reviewed hash, or Refuse). Accepted, `onAccepted` loads it.
 */
export function ReviewViewChange({
  serverId,
  uri,
  onAccepted,
}: {
  serverId: string;
  uri: string;
  onAccepted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [change, setChange] = useState<ViewReview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);

  async function load() {
    setError(null);
    setChange(null);
    setOpen(true);
    const found = await fetchChange<ViewReview>(changeUrl(serverId, 'change', uri));
    if ('error' in found) setError(found.error);
    else setChange(found.change);
  }

  async function accept() {
    if (!change) return;
    const failed = await postAcceptance(changeUrl(serverId, 'accept'), { uri, hash: change.currentHash });
    if (failed) {
      setError(failed);
      return;
    }
    setOpen(false);
    onAccepted();
  }

  function openChange(next: boolean) {
    // Closing without accepting is the refusal: the view stays unserved.
    if (!next && open) setRefused(true);
    setOpen(next);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="view-changed-notice">
      <span className="text-warn">
        {refused
          ? `You refused the new HTML of ${uri}: the view stays hidden until you accept it.`
          : `The view ${uri} changed since you trusted it, so it is not shown.`}
      </span>
      <Button variant="ghost" className="text-xs" onClick={() => void load()}>
        Review the change
      </Button>
      <ReviewDialog
        open={open}
        onOpenChange={openChange}
        title="This view changed"
        description={`The server now sends different HTML for ${uri} than the one you trusted. A view runs with your data; until you accept the new HTML, it is not shown anywhere.`}
        testId="view-change-dialog"
        error={error}
        canAccept={change !== null}
        onAccept={() => void accept()}
        cancelLabel="Refuse"
      >
        {change ? <ViewChangeDiff change={change} /> : null}
      </ReviewDialog>
    </div>
  );
}
