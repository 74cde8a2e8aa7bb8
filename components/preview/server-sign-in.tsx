'use client';
import { useState } from 'react';
import { startSignIn } from '../sign-in/start-sign-in';
import { Button } from '../ui/button';
import { errorOf, type ServerView } from './api';

function expiry(at: number): string {
  const minutes = Math.round((at - Date.now()) / 60_000);
  if (minutes <= 0) return 'expired (refreshed on the next call)';
  return minutes < 120 ? `expires in ${minutes} min` : `expires ${new Date(at).toLocaleString()}`;
}

/**
 * A server that needs OAuth shows Connect; once signed in, the scopes granted, the
 * token's expiry and Disconnect. The browser never sees a token: only what /api/servers says.
 */
export function ServerSignIn({ server, onChanged }: { server: ServerView; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signIn = server.signIn;
  if (server.transport.type !== 'http') return null;
  const needed = server.status === 'authorization-required';
  if (!needed && signIn?.kind !== 'signed-in') return null;

  async function connect() {
    setBusy(true);
    setError(null);
    const failed = await startSignIn(server.id);
    if (failed) setError(failed);
    setBusy(false);
    onChanged();
  }

  async function disconnect() {
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/servers/${encodeURIComponent(server.id)}/oauth`, {
        method: 'DELETE',
      });
      if (!response.ok) setError(await errorOf(response));
    } catch {
      setError('The host could not be reached.');
    }
    setBusy(false);
    onChanged();
  }

  return (
    <div className="mt-2 rounded border border-border p-2 text-sm" data-testid="server-sign-in">
      {signIn?.kind === 'signed-in' && !needed ? (
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="sign-in-state" data-state="signed-in">
            Signed in
            {signIn.scope ? (
              <>
                {' '}
                · scopes <code data-testid="sign-in-scope">{signIn.scope}</code>
              </>
            ) : null}
            {signIn.expiresAt ? ` · ${expiry(signIn.expiresAt)}` : ''}
          </span>
          <Button className="ml-auto" onClick={disconnect} disabled={busy} data-testid="sign-in-disconnect">
            Disconnect
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span data-testid="sign-in-state" data-state="needed">
            This server asks you to sign in.
          </span>
          <Button
            variant="primary"
            className="ml-auto"
            onClick={connect}
            disabled={busy}
            data-testid="sign-in-connect"
          >
            {busy ? 'Connecting…' : 'Connect'}
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-1 text-danger" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
