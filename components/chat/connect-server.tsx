'use client';
import { useState } from 'react';
import { startSignIn } from '../sign-in/start-sign-in';
import { Button } from '../ui/button';

/** On a tool card whose server asked to sign in: Connect, back to this conversation afterwards. */
export function ConnectServer({ serverId }: { serverId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="card-sign-in">
      <Button
        variant="primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const failed = await startSignIn(serverId);
          if (failed) setError(failed);
          setBusy(false);
        }}
      >
        {busy ? 'Connecting…' : 'Connect'}
      </Button>
      {error ? (
        <span role="alert" className="text-danger">
          {error}
        </span>
      ) : null}
    </div>
  );
}
