'use client';
import { useEffect, useState } from 'react';
import type { ToolChange } from '@/lib/mcp/pins';
import { useToolChanges } from '@/lib/store/tool-changes';
import { Button } from '../ui/button';
import { fetchChange, postAcceptance, ReviewDialog } from './review-dialog';
import { ToolChangeDiff } from './tool-change-diff';

/** Accepts the reviewed definition, bound to the hash the user saw. */
export async function acceptToolChange(change: ToolChange): Promise<string | null> {
  const failed = await postAcceptance(
    `/api/servers/${encodeURIComponent(change.serverId)}/tools/${encodeURIComponent(change.toolName)}/accept`,
    { hash: change.currentHash },
  );
  if (!failed) useToolChanges.getState().accepted(change);
  return failed;
}

/**
 * In the chat (docs/security.md, "Rug-pulls"): "Review the change" opens the diff of a tool that changed since the user
 * trusted it; Accept makes the new definition the pin. Nothing is called here.
 */
export function ReviewChange({
  serverId,
  toolName,
  accepted = false,
}: {
  serverId: string;
  toolName: string;
  /** Accepted elsewhere in this page (a view's card reads it from the tool-changes store). */
  accepted?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [change, setChange] = useState<ToolChange | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [acceptedHere, setAcceptedHere] = useState(false);
  const done = acceptedHere || accepted;

  async function load() {
    setError(null);
    setChange(null);
    setOpen(true);
    const found = await fetchChange<ToolChange>(
      `/api/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(toolName)}/change`,
    );
    if ('error' in found) setError(found.error);
    else setChange(found.change);
  }

  async function accept() {
    if (!change) return;
    const failed = await acceptToolChange(change);
    if (failed) {
      setError(failed);
      return;
    }
    setAcceptedHere(true);
    setOpen(false);
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="tool-changed-notice">
      <span className="text-warn">
        {done
          ? `You accepted the new definition of "${toolName}"; it can be called again (through its gate).`
          : `"${toolName}" changed since you trusted it, so it was not called.`}
      </span>
      {done ? null : (
        <Button variant="ghost" className="text-xs" onClick={() => void load()}>
          Review the change
        </Button>
      )}
      <ReviewDialog
        open={open}
        onOpenChange={setOpen}
        title={`"${toolName}" changed`}
        description="The server now describes this tool differently from the definition you trusted. Until you accept the new one, neither the model nor a view can call it."
        testId="tool-change-dialog"
        error={error}
        canAccept={change !== null}
        onAccept={() => void accept()}
        cancelLabel="Not now"
      >
        {change ? <ToolChangeDiff changes={change.changes} /> : null}
      </ReviewDialog>
    </div>
  );
}

/**
 * The model called a tool that was not offered to it. If that is a tool that changed since the user
 * trusted it, the card offers the same review; otherwise nothing is shown.
 */
export function NotOfferedTool({ modelName }: { modelName: string }) {
  const [changed, setChanged] = useState<{ serverId: string; toolName: string } | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/tools/changed?model=${encodeURIComponent(modelName)}`)
      .then(async (response) => {
        if (live && response.ok)
          setChanged((await response.json()) as { serverId: string; toolName: string });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [modelName]);
  return changed ? <ReviewChange {...changed} /> : null;
}
