'use client';
import { AlertDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { ToolChange } from '@/lib/mcp/pins';
import { useToolChanges } from '@/lib/store/tool-changes';
import { Button } from '../ui/button';
import { ToolChangeDiff } from './tool-change-diff';

async function errorText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `HTTP ${response.status}`;
}

/** Accepts the reviewed definition, bound to the hash the user saw. */
export async function acceptToolChange(change: ToolChange): Promise<string | null> {
  const response = await fetch(
    `/api/servers/${encodeURIComponent(change.serverId)}/tools/${encodeURIComponent(change.toolName)}/accept`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash: change.currentHash }),
    },
  );
  if (!response.ok) return errorText(response);
  useToolChanges.getState().accepted(change);
  return null;
}

/**
 * Attack 18 in the chat: "Review the change" opens the diff of a tool that changed since the user
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
    const response = await fetch(
      `/api/servers/${encodeURIComponent(serverId)}/tools/${encodeURIComponent(toolName)}/change`,
    );
    if (response.status === 404) {
      setError(await errorText(response));
      return;
    }
    if (!response.ok) {
      setError(await errorText(response));
      return;
    }
    setChange(((await response.json()) as { change: ToolChange }).change);
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
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content
            className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(96vw,48rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-bg p-5 shadow-xl"
            data-testid="tool-change-dialog"
          >
            <AlertDialog.Title className="text-base font-semibold">{`"${toolName}" changed`}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">
              The server now describes this tool differently from the definition you trusted. Until you accept
              the new one, neither the model nor a view can call it.
            </AlertDialog.Description>
            <div className="mt-3">
              {change ? <ToolChangeDiff changes={change.changes} /> : null}
              {error ? (
                <p role="alert" className="rounded bg-danger-bg px-2 py-1 text-sm text-danger">
                  {error}
                </p>
              ) : null}
            </div>
            <div className="mt-5 flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button>Not now</Button>
              </AlertDialog.Cancel>
              <Button variant="danger" onClick={() => void accept()} disabled={!change}>
                Accept the change
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
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
