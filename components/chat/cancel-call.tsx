'use client';
import { useState } from 'react';
import { useChatActions } from '../apps/chat-actions';
import { Button } from '../ui/button';

type CancelState = { kind: 'idle' } | { kind: 'cancelling' } | { kind: 'error'; message: string };

/** Asks the host to cancel one running call of the conversation's reply; the reply goes on. */
async function requestCancel(conversationId: string, toolCallId: string): Promise<CancelState> {
  try {
    const response = await fetch(
      `/api/chat/${encodeURIComponent(conversationId)}/calls/${encodeURIComponent(toolCallId)}`,
      { method: 'DELETE', cache: 'no-store' },
    );
    const body = (await response.json().catch(() => ({}))) as { cancelled?: unknown; error?: unknown };
    if (response.ok && body.cancelled === true) return { kind: 'cancelling' };
    if (response.ok) return { kind: 'error', message: 'This call has already finished.' };
    return {
      kind: 'error',
      message: typeof body.error === 'string' ? body.error : `The host answered HTTP ${response.status}.`,
    };
  } catch {
    return { kind: 'error', message: 'The host could not be reached; try again.' };
  }
}

/**
 * Cancel on a running call's card: the host tells the server (MCP cancellation) and the model reads
 * that the user cancelled the call; the card then says Cancelled.
 */
export function CancelCall({ toolCallId, toolName }: { toolCallId: string; toolName: string }) {
  const { conversationId } = useChatActions();
  const [state, setState] = useState<CancelState>({ kind: 'idle' });
  return (
    <span className="flex items-center gap-2">
      {state.kind === 'error' ? (
        <span className="text-xs text-danger" role="alert">
          {state.message}
        </span>
      ) : null}
      <Button
        variant="secondary"
        className="px-2 py-0.5 text-xs"
        aria-label={`Cancel ${toolName}`}
        disabled={state.kind === 'cancelling'}
        onClick={() => {
          setState({ kind: 'cancelling' });
          void requestCancel(conversationId, toolCallId).then(setState);
        }}
      >
        {state.kind === 'cancelling' ? 'Cancelling…' : 'Cancel'}
      </Button>
    </span>
  );
}
