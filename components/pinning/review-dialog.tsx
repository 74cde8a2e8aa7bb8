'use client';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';

/** The text of a failed request: the host's `{ error }`, else the status. */
export async function errorText(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `HTTP ${response.status}`;
}

/** POSTs an acceptance (bound to the hash the user reviewed); null when the host took it, else why not. */
export async function postAcceptance(url: string, body: Record<string, string>): Promise<string | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.ok ? null : errorText(response);
}

/** Fetches a change to review: the JSON's `change`, or why there is none. */
export async function fetchChange<T>(url: string): Promise<{ change: T } | { error: string }> {
  const response = await fetch(url);
  if (!response.ok) return { error: await errorText(response) };
  return { change: ((await response.json()) as { change: T }).change };
}

/**
 * The dialog in which a user reviews something a server changed since they trusted it (a tool's
 * definition, a view's HTML) and accepts it or not. Nothing is called or shown from here.
 */
export function ReviewDialog({
  open,
  onOpenChange,
  title,
  description,
  testId,
  error,
  canAccept,
  onAccept,
  cancelLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  testId: string;
  error: string | null;
  canAccept: boolean;
  onAccept: () => void;
  cancelLabel: string;
  children: ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(96vw,48rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-bg p-5 shadow-xl"
          data-testid={testId}
        >
          <AlertDialog.Title className="text-base font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          <div className="mt-3">
            {children}
            {error ? (
              <p role="alert" className="rounded bg-danger-bg px-2 py-1 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button>{cancelLabel}</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" onClick={onAccept} disabled={!canAccept}>
              Accept the change
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
