'use client';
import { type FormEvent, useState } from 'react';
import { type AccountResult, signInWithPasskey, signUpWithPasskey } from '@/lib/auth/account-ceremony';
import { DISPLAY_NAME_MAX } from '@/lib/auth/sign-up-context';
import { Button } from '../ui/button';

type Busy = 'sign-in' | 'sign-up' | null;

/** Hosted mode's sign-in page: a passkey signs in; a new passkey with a name creates an account. */
export function SignInPanel({ next }: { next: string }) {
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [name, setName] = useState('');

  async function run(kind: Exclude<Busy, null>, ceremony: () => Promise<AccountResult>) {
    setBusy(kind);
    setMessage(null);
    const result = await ceremony();
    if (result.ok) {
      window.location.assign(next);
      return;
    }
    setBusy(null);
    setMessage(result.error);
  }

  function signUp(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMessage('Enter a name for the account.');
      return;
    }
    void run('sign-up', () => signUpWithPasskey(name));
  }

  return (
    <section
      aria-labelledby="sign-in-title"
      className="flex w-full max-w-sm flex-col gap-5 rounded-lg border border-border bg-surface p-6"
      data-testid="sign-in-panel"
    >
      <h1 id="sign-in-title" className="text-lg font-semibold">
        Sign in to MCPlet Host
      </h1>
      <Button
        variant="primary"
        className="py-2"
        disabled={busy !== null}
        onClick={() => void run('sign-in', signInWithPasskey)}
        data-testid="sign-in-passkey"
      >
        {busy === 'sign-in' ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
      <form onSubmit={signUp} className="flex flex-col gap-2 border-t border-border pt-4">
        <h2 className="text-sm font-medium">New here? Create an account</h2>
        <label htmlFor="sign-up-name" className="text-sm text-muted">
          Your name
        </label>
        <input
          id="sign-up-name"
          className="rounded-md border border-border bg-bg px-3 py-2 text-sm"
          value={name}
          maxLength={DISPLAY_NAME_MAX}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
          data-testid="sign-up-name"
        />
        <Button type="submit" disabled={busy !== null} data-testid="sign-up-passkey">
          {busy === 'sign-up' ? 'Waiting for your passkey…' : 'Create an account with a passkey'}
        </Button>
      </form>
      <p
        role="alert"
        aria-live="assertive"
        className="min-h-5 text-sm text-danger"
        data-testid="sign-in-message"
      >
        {message}
      </p>
    </section>
  );
}
