'use client';
import { useCallback, useEffect, useState } from 'react';
import { addAccountPasskey } from '@/lib/auth/account-ceremony';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

interface AccountPasskey {
  id: string;
  name?: string | null;
  createdAt?: string | null;
}

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: string };

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { cache: 'no-store', ...init });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string; error?: string };
  if (!response.ok) throw new Error(body.message ?? body.error ?? `HTTP ${response.status}`);
  return body;
}

/** Oldest first, so the order on screen does not change as passkeys come and go. */
function byAdded(a: AccountPasskey, b: AccountPasskey): number {
  return (a.createdAt ?? '').localeCompare(b.createdAt ?? '');
}

function post(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * Hosted mode: the account's sign-in passkeys (add one on this device, remove one but never the
 * last), a one-time link that adds another device, and signing out every other session. Sign-in passkeys, not spec 7's action passkeys.
 */
export function AccountSettings({ name }: { name: string }) {
  const [passkeys, setPasskeys] = useState<Load<AccountPasskey[]>>({ status: 'loading' });
  const [message, setMessage] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const hydrated = useHydrated();
  const blocked = busy || !hydrated;

  const refresh = useCallback(async () => {
    try {
      const listed = await json<AccountPasskey[]>('/api/auth/passkey/list-user-passkeys');
      setPasskeys({ status: 'ready', value: listed.sort(byAdded) });
    } catch (error) {
      setPasskeys({ status: 'error', error: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function act(what: () => Promise<string | null>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(await what());
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="account-title" className="flex flex-col gap-4" data-testid="account-settings">
      <h2 id="account-title" className="mt-4 text-base font-semibold">
        Account
      </h2>
      <p className="text-sm text-muted">
        Signed in as <strong>{name}</strong>. Your passkeys sign you in; a second one (another device, or a
        security key) is how you get back in if one is lost.
      </p>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Sign-in passkeys</h3>
        {passkeys.status === 'loading' ? <p className="text-sm text-muted">Loading passkeys…</p> : null}
        {passkeys.status === 'error' ? (
          <p role="alert" className="text-sm text-danger">
            The passkeys could not be listed: {passkeys.error}
          </p>
        ) : null}
        {passkeys.status === 'ready' ? (
          <ul className="flex flex-col gap-1 text-sm" data-testid="account-passkeys">
            {passkeys.value.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2"
                data-testid="account-passkey"
              >
                <span className="grow">
                  {p.name || 'Passkey'}
                  {p.createdAt ? (
                    <span className="text-muted"> · added {new Date(p.createdAt).toLocaleDateString()}</span>
                  ) : null}
                </span>
                {removing === p.id ? (
                  <span className="flex items-center gap-2" data-testid="account-passkey-confirm">
                    <span>It will no longer sign you in.</span>
                    <Button
                      variant="danger"
                      className="text-xs"
                      disabled={blocked}
                      onClick={() =>
                        void act(async () => {
                          await json('/api/auth/passkey/delete-passkey', post({ id: p.id }));
                          setRemoving(null);
                          await refresh();
                          return 'The passkey was removed.';
                        })
                      }
                      data-testid="account-passkey-remove-confirm"
                    >
                      Remove passkey
                    </Button>
                    <Button className="text-xs" onClick={() => setRemoving(null)}>
                      Keep
                    </Button>
                  </span>
                ) : (
                  <Button
                    className="text-xs"
                    disabled={blocked || passkeys.value.length < 2}
                    title={passkeys.value.length < 2 ? 'Your only passkey: add another first.' : undefined}
                    aria-label={`Remove ${p.name || 'passkey'}`}
                    onClick={() => setRemoving(p.id)}
                    data-testid="account-passkey-remove"
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {passkeys.status === 'ready' && passkeys.value.length < 2 ? (
          <p className="text-xs text-muted">Add a second passkey before you remove this one.</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={blocked}
            onClick={() =>
              void act(async () => {
                const result = await addAccountPasskey('Added in settings');
                await refresh();
                return result.ok ? 'The passkey was added.' : result.error;
              })
            }
            data-testid="account-add-passkey"
          >
            Add a passkey on this device
          </Button>
          <Button
            disabled={blocked}
            onClick={() =>
              void act(async () => {
                setLink(await json<{ url: string; expiresAt: string }>('/api/account/links', post({})));
                return null;
              })
            }
            data-testid="account-link-device"
          >
            Link another device
          </Button>
        </div>
        {link ? (
          <div
            className="flex flex-col gap-1 rounded-md border border-border p-3 text-sm"
            data-testid="account-link"
          >
            <p>
              Open this link on the other device before {new Date(link.expiresAt).toLocaleTimeString()}; it
              works once, and adds a passkey there to this account.
            </p>
            <code className="break-all text-xs" data-testid="account-link-url">
              {link.url}
            </code>
            <Button
              className="self-start text-xs"
              onClick={() => void navigator.clipboard?.writeText(link.url).catch(() => {})}
            >
              Copy the link
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Sessions</h3>
        <p className="text-sm text-muted">
          Signing out everywhere else ends every session of this account except this one, on every device.
        </p>
        <Button
          className="self-start"
          disabled={blocked}
          onClick={() =>
            void act(async () => {
              await json('/api/auth/revoke-other-sessions', post({}));
              return 'Every other session has ended.';
            })
          }
          data-testid="account-revoke-others"
        >
          Sign out everywhere else
        </Button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="account-message">
        {message}
      </p>
    </section>
  );
}
