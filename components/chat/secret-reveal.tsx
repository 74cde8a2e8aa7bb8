'use client';
import { useEffect, useState } from 'react';
import { useChatActions } from '../apps/chat-actions';
import { Button } from '../ui/button';

/** How long a revealed value stays on screen before it is hidden again. */
export const REVEAL_VISIBLE_MS = 30_000;

export interface SecretReferenceView {
  id: string;
  label: string;
  /**
   * `masked`: a value withheld from the model that came masked when the conversation was opened
   * again (lib/trust/display-mask.ts); the host reads it from the stored result. Otherwise a
   * `secret_reference` the host redeems at its server.
   */
  kind?: 'masked';
}

type RevealState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'shown'; value: string; copied: boolean }
  | { kind: 'error'; message: string };

/** Asks the host to redeem the reference (it finds its URL in the stored result, 4b), or for a masked value. */
async function requestReveal(
  conversationId: string,
  toolCallId: string,
  reference: SecretReferenceView,
): Promise<{ ok: true; value: string } | { ok: false; message: string }> {
  const named = reference.kind === 'masked' ? { valueId: reference.id } : { referenceId: reference.id };
  try {
    const response = await fetch('/api/secrets/reveal', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      cache: 'no-store',
      body: JSON.stringify({ conversationId, toolCallId, ...named }),
    });
    const body = (await response.json().catch(() => ({}))) as { value?: unknown; error?: unknown };
    if (response.ok && typeof body.value === 'string') return { ok: true, value: body.value };
    return {
      ok: false,
      message: typeof body.error === 'string' ? body.error : `The host answered HTTP ${response.status}.`,
    };
  } catch {
    return { ok: false, message: 'The host could not be reached; try again.' };
  }
}

/** One secret reference: its label and a Reveal button; the value only on screen, for a while. */
function SecretReveal({ toolCallId, reference }: { toolCallId: string; reference: SecretReferenceView }) {
  const { conversationId } = useChatActions();
  const [state, setState] = useState<RevealState>({ kind: 'idle' });
  const shown = state.kind === 'shown';

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), REVEAL_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  async function reveal() {
    setState({ kind: 'loading' });
    const outcome = await requestReveal(conversationId, toolCallId, reference);
    setState(
      outcome.ok
        ? { kind: 'shown', value: outcome.value, copied: false }
        : { kind: 'error', message: outcome.message },
    );
  }

  async function copy() {
    if (state.kind !== 'shown') return;
    await navigator.clipboard.writeText(state.value).catch(() => {});
    setState({ ...state, copied: true });
  }

  return (
    <fieldset
      className="rounded border border-border bg-bg px-2 py-1.5"
      data-testid="secret-reference"
      data-kind={reference.kind ?? 'reference'}
    >
      <legend className="sr-only">Secret: {reference.label}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{reference.label}</span>
        {state.kind === 'shown' ? (
          <>
            <code
              className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs break-all"
              data-testid="secret-value"
            >
              {state.value}
            </code>
            <Button onClick={() => void copy()} data-testid="secret-copy">
              {state.copied ? 'Copied' : 'Copy'}
            </Button>
            <Button variant="ghost" onClick={() => setState({ kind: 'idle' })} data-testid="secret-hide">
              Hide
            </Button>
          </>
        ) : (
          <Button
            onClick={() => void reveal()}
            disabled={state.kind === 'loading'}
            aria-busy={state.kind === 'loading'}
            data-testid="secret-reveal"
          >
            {state.kind === 'loading' ? (
              <>
                <span
                  className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent"
                  aria-hidden
                />
                Revealing…
              </>
            ) : (
              'Reveal'
            )}
          </Button>
        )}
        {state.kind === 'error' ? (
          <p className="w-full text-danger" role="alert" data-testid="secret-error">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'shown' ? (
          <p className="w-full text-xs text-muted">
            Shown only here, hidden again in {REVEAL_VISIBLE_MS / 1000} s; the model never sees it.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * The secret references of one tool result (sensitive-output 4), and its values masked on reopen:
 * revealed by the user, never by the model.
 */
export function SecretReferences({
  toolCallId,
  references,
}: {
  toolCallId: string;
  references: readonly SecretReferenceView[];
}) {
  return (
    <div className="space-y-1.5" data-testid="secret-references">
      {references.map((reference) => (
        <SecretReveal
          key={`${reference.kind ?? 'reference'}:${reference.id}`}
          toolCallId={toolCallId}
          reference={reference}
        />
      ))}
    </div>
  );
}
