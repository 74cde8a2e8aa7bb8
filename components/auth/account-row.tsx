'use client';
import { useState } from 'react';
import { signOut } from '@/lib/auth/account-ceremony';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

/** Hosted mode: who is signed in, and Sign out (the session ends on the server, not only here). */
export function AccountRow({ name }: { name: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function leave() {
    setBusy(true);
    const result = await signOut();
    if (result.ok) {
      window.location.assign('/sign-in');
      return;
    }
    setBusy(false);
    setError(result.error);
  }

  return (
    <div className="flex flex-col gap-1 border-t border-border px-4 py-3 text-sm" data-testid="account-row">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate" title={name}>
          Signed in as <strong data-testid="account-name">{name}</strong>
        </span>
        <Button variant="ghost" className="text-xs" disabled={busy || !hydrated} onClick={() => void leave()}>
          Sign out
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
