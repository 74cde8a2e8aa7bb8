'use client';
import { useEffect, useState } from 'react';

interface Outcome {
  ok: boolean;
  server: string;
  message: string;
}

/** After the OAuth callback (?signin=ok|error&server=…&message=…): says how the sign-in ended, once. */
export function SignInOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const signin = url.searchParams.get('signin');
    if (!signin) return;
    const server = url.searchParams.get('server') ?? '';
    setOutcome({
      ok: signin === 'ok',
      server,
      message: url.searchParams.get('message') ?? '',
    });
    for (const key of ['signin', 'server', 'message']) url.searchParams.delete(key);
    window.history.replaceState(null, '', url.pathname + url.search);
  }, []);
  if (!outcome) return null;
  return (
    <div
      role={outcome.ok ? 'status' : 'alert'}
      className={`fixed top-3 right-3 z-40 flex max-w-md items-start gap-3 rounded-md border bg-bg px-3 py-2 text-sm shadow-lg ${outcome.ok ? 'border-ok/40 text-ok' : 'border-danger/40 text-danger'}`}
      data-testid="sign-in-outcome"
      data-ok={outcome.ok}
    >
      <p className="break-words">
        {outcome.ok
          ? `Signed in to ${outcome.server || 'the server'}.`
          : `Signing in${outcome.server ? ` to ${outcome.server}` : ''} did not work: ${outcome.message}`}
      </p>
      <button type="button" className="text-muted" aria-label="Dismiss" onClick={() => setOutcome(null)}>
        ✕
      </button>
    </div>
  );
}
