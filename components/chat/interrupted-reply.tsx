'use client';
import type { UIMessage } from 'ai';
import { Button } from '../ui/button';

/**
 * Under the user's message whose reply a crash cut (the server stopped while the turn ran): what
 * happened, and Retry when it is the conversation's latest turn (a retry regenerates it).
 */
export function InterruptedReply({ message, onRetry }: { message: UIMessage; onRetry?: () => void }) {
  return (
    <div
      role="note"
      className="-mt-3 flex flex-wrap items-center justify-end gap-3 text-sm text-muted"
      data-testid="reply-interrupted"
      data-message-id={message.id}
    >
      <span>The reply to this message was interrupted when the server restarted.</span>
      {onRetry ? (
        <Button onClick={onRetry} data-testid="retry">
          Retry
        </Button>
      ) : null}
    </div>
  );
}
