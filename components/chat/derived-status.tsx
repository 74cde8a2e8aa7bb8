'use client';
import { type CallStatus, useDerived } from '@/lib/store/derived';

function fallbackText(outcome: string | undefined): string {
  if (!outcome) return '';
  if (outcome === 'calling') return ' The host is calling the tool instead…';
  if (outcome === 'shown') return ' The host called the tool instead; the view shows its real result.';
  if (outcome === 'no-view')
    return ' The host called the tool instead; no open view of it could show the result.';
  return ` The host could not call the tool instead (${outcome}).`;
}

function statusText(status: CallStatus): string {
  switch (status.phase) {
    case 'pending':
      return 'Waiting for an open view of the tool…';
    case 'applied':
      return 'Shown in the view.';
    case 'duplicate':
      return 'Already shown; the view was not updated again.';
    case 'replaced':
      return 'Replaced by a newer result before a view used it.';
    case 'expired':
      return `Expired before a view used it.${fallbackText(status.fallback)}`;
    case 'fallback':
      return `Refused.${fallbackText(status.outcome)}`;
  }
}

/** What became of a derived result (10.6), under its tool card. */
export function DerivedStatus({ callId }: { callId: string }) {
  const status = useDerived((s) => s.status[callId]);
  if (!status) return null;
  return (
    <p
      className={`text-xs ${status.phase === 'applied' ? 'text-ok' : status.phase === 'pending' ? 'text-muted' : 'text-warn'}`}
      role="status"
      data-testid="derived-status"
      data-phase={status.phase}
    >
      {statusText(status)}
    </p>
  );
}
