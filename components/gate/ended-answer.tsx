'use client';
import { AlertDialog } from 'radix-ui';
import { Button } from '../ui/button';

/**
 * The answer area once the call cannot be made any more (it was lost with the server instance that
 * ran its turn): the server's sentence, and a way to close. Nothing is asked, so nothing can be sent.
 */
export function EndedAnswer({ words, onClose }: { words: string; onClose: () => void }) {
  return (
    <>
      <p role="alert" className="mt-3 text-sm text-danger" data-testid="gate-ended">
        {words}
      </p>
      <div className="mt-5 flex justify-end">
        <AlertDialog.Action asChild>
          <Button variant="primary" data-testid="gate-ended-close" onClick={onClose}>
            Close
          </Button>
        </AlertDialog.Action>
      </div>
    </>
  );
}
