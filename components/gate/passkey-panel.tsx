'use client';
import { useCallback, useEffect, useState } from 'react';
import { addAnotherPasskey, hasPasskey, webAuthnAvailable } from '@/lib/passkey/ceremony';
import { Button } from '../ui/button';

type State =
  | { kind: 'checking' }
  | { kind: 'unavailable'; error: string }
  | { kind: 'ready'; credentials: number }
  | { kind: 'working'; credentials: number };

/**
 * The user's passkeys: how many they have, and adding another, which first asks for an assertion
 * with one they have (docs/security.md, "Passkey assertions"). The first passkey is created at the first protected action.
 */
export function PasskeyPanel() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  const refresh = useCallback(async () => {
    const status = await hasPasskey();
    setState(
      status.ok
        ? { kind: 'ready', credentials: status.credentials }
        : { kind: 'unavailable', error: status.error || 'The passkey server cannot be reached.' },
    );
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function add(credentials: number) {
    setState({ kind: 'working', credentials });
    setNote(null);
    const result = await addAnotherPasskey();
    setNote(
      result.ok
        ? { text: 'Passkey added.', error: false }
        : { text: `${result.error} Your existing passkeys are unchanged.`, error: true },
    );
    await refresh();
  }

  const credentials = state.kind === 'ready' || state.kind === 'working' ? state.credentials : 0;
  return (
    <section className="mb-6 rounded-md border border-border p-3" data-testid="passkey-panel">
      <h2 className="text-sm font-semibold">Passkeys</h2>
      {state.kind === 'checking' ? <p className="text-sm text-muted">Checking…</p> : null}
      {state.kind === 'unavailable' ? <p className="text-sm text-danger">{state.error}</p> : null}
      {state.kind === 'ready' || state.kind === 'working' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted" data-testid="passkey-count" data-count={credentials}>
            {credentials === 0
              ? 'You have no passkey yet. The first action that needs one asks you to create it.'
              : `You have ${credentials} ${credentials === 1 ? 'passkey' : 'passkeys'}. Adding another asks for one you have first.`}
          </p>
          {credentials > 0 ? (
            <Button
              data-testid="passkey-add"
              disabled={state.kind === 'working' || !webAuthnAvailable()}
              onClick={() => void add(credentials)}
            >
              {state.kind === 'working' ? 'Waiting for your passkey…' : 'Add another passkey'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {note ? (
        <p
          className={`mt-2 text-sm ${note.error ? 'text-danger' : 'text-ok'}`}
          role="status"
          data-testid="passkey-note"
        >
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
