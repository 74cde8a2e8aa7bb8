'use client';
import { type FormEvent, useState } from 'react';
import {
  type AccountResult,
  joinWithLink,
  signInWithPasskey,
  signUpWithPasskey,
} from '@/lib/auth/account-ceremony';
import { DISPLAY_NAME_MAX, type SignUpPolicy } from '@/lib/auth/registration-context';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

type Busy = 'sign-in' | 'sign-up' | 'join' | null;

export interface SignInPanelProps {
  next: string;
  signUp: SignUpPolicy;
  /** A live invitation from the address (sign-up by invitation). */
  invite?: string;
  /** A live device or recovery link from the address: a passkey on this device joins that account. */
  join?: { token: string; name: string; purpose: 'device' | 'recovery' };
  /** The address named a link that has expired or was used. */
  linkGone: boolean;
}

/**
 * Hosted mode's sign-in page: a passkey signs in; a new passkey with a name creates an account
 * (open sign-up, or with an invitation); a one-time link adds this device's passkey to an account.
 */
export function SignInPanel(props: SignInPanelProps) {
  const [busy, setBusy] = useState<Busy>(null);
  const hydrated = useHydrated();
  const idle = busy === null && hydrated;
  const [message, setMessage] = useState<string | null>(
    props.linkGone ? 'This link has expired or was already used; ask for a new one.' : null,
  );
  const [name, setName] = useState('');
  const mayCreate = props.signUp === 'open' || props.invite !== undefined;

  async function run(kind: Exclude<Busy, null>, ceremony: () => Promise<AccountResult>) {
    setBusy(kind);
    setMessage(null);
    const result = await ceremony();
    if (result.ok) {
      window.location.assign(props.next);
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
    void run('sign-up', () => signUpWithPasskey(name, props.invite));
  }

  const waiting = 'Waiting for your passkey…';
  return (
    <section
      aria-labelledby="sign-in-title"
      className="flex w-full max-w-sm flex-col gap-5 rounded-lg border border-border bg-surface p-6"
      data-testid="sign-in-panel"
    >
      <h1 id="sign-in-title" className="text-lg font-semibold">
        Sign in to MCPlet Host
      </h1>
      {props.join ? (
        <div className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="join-account">
          <p className="text-sm">
            {props.join.purpose === 'recovery'
              ? `This recovery link adds a passkey on this device to ${props.join.name}'s account; other sessions of the account end.`
              : `This link adds a passkey on this device to ${props.join.name}'s account.`}
          </p>
          <Button
            variant="primary"
            disabled={!idle}
            onClick={() => {
              const token = props.join?.token ?? '';
              void run('join', () => joinWithLink(token));
            }}
            data-testid="join-passkey"
          >
            {busy === 'join' ? waiting : 'Add a passkey on this device'}
          </Button>
        </div>
      ) : null}
      <Button
        variant={props.join ? 'secondary' : 'primary'}
        className="py-2"
        disabled={!idle}
        onClick={() => void run('sign-in', signInWithPasskey)}
        data-testid="sign-in-passkey"
      >
        {busy === 'sign-in' ? waiting : 'Sign in with a passkey'}
      </Button>
      {mayCreate ? (
        <form onSubmit={signUp} className="flex flex-col gap-2 border-t border-border pt-4">
          <h2 className="text-sm font-medium">
            {props.invite ? 'You are invited: create an account' : 'New here? Create an account'}
          </h2>
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
          <Button type="submit" disabled={!idle} data-testid="sign-up-passkey">
            {busy === 'sign-up' ? waiting : 'Create an account with a passkey'}
          </Button>
        </form>
      ) : (
        <p className="border-t border-border pt-4 text-sm text-muted" data-testid="sign-up-closed">
          Accounts on this host are by invitation: ask its operator for a link.
        </p>
      )}
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
