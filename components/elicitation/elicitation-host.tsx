'use client';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useCallback, useMemo, useState } from 'react';
import {
  defaultsOf,
  type ElicitAction,
  type ElicitationPrompt,
  type ElicitValue,
  formFields,
} from '@/lib/mcplet/elicitation-schema';
import { Button } from '../ui/button';
import { useCallPrompts } from '../ui/use-call-prompts';
import { ElicitationFields } from './elicitation-fields';

/** While a call of this page runs, a server's question shows within half a second; otherwise within 5 s. */

type Answer = (
  id: string,
  action: ElicitAction,
  content?: Record<string, ElicitValue>,
) => Promise<string | null>;

async function post(
  id: string,
  action: ElicitAction,
  content?: Record<string, ElicitValue>,
): Promise<string | null> {
  const response = await fetch(`/api/elicitations/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(content ? { action, content } : { action }),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `The answer was refused (HTTP ${response.status}).`;
}

function Asker({ prompt }: { prompt: ElicitationPrompt }) {
  return (
    <p data-testid="elicitation-asker">
      <strong>{prompt.serverName}</strong> asks, during the call of{' '}
      {prompt.toolTitle ? <strong>{prompt.toolTitle} </strong> : null}
      <code className="font-mono">{prompt.toolName}</code>:
    </p>
  );
}

function FormAnswer({
  prompt,
  answer,
}: {
  prompt: Extract<ElicitationPrompt, { mode: 'form' }>;
  answer: Answer;
}) {
  const fields = useMemo(() => {
    const drawn = formFields(prompt.requestedSchema);
    return drawn.ok ? drawn.fields : [];
  }, [prompt.requestedSchema]);
  const [values, setValues] = useState<Record<string, ElicitValue>>(() => defaultsOf(fields));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(await answer(prompt.id, 'accept', values));
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3 text-sm" data-testid="elicitation-form">
      <ElicitationFields
        fields={fields}
        values={values}
        onChange={(name, value) =>
          setValues((old) => {
            const next = { ...old };
            if (value === undefined) delete next[name];
            else next[name] = value;
            return next;
          })
        }
      />
      {error ? (
        <p role="alert" className="text-danger" data-testid="elicitation-error">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={() => void answer(prompt.id, 'cancel')}>Cancel</Button>
        <Button onClick={() => void answer(prompt.id, 'decline')}>Decline</Button>
        <Button type="submit" variant="primary">
          Accept
        </Button>
      </div>
    </form>
  );
}

function UrlAnswer({
  prompt,
  answer,
}: {
  prompt: Extract<ElicitationPrompt, { mode: 'url' }>;
  answer: Answer;
}) {
  const open = () => {
    window.open(prompt.url, '_blank', 'noopener,noreferrer');
    void answer(prompt.id, 'accept');
  };
  return (
    <div className="mt-3 space-y-3 text-sm">
      <p>
        It wants you to open a page on <strong data-testid="elicitation-domain">{prompt.domain}</strong>:
      </p>
      <p className="break-all rounded bg-surface p-2 font-mono text-xs" data-testid="elicitation-url">
        {prompt.url}
      </p>
      <div className="flex justify-end gap-2">
        <Button onClick={() => void answer(prompt.id, 'cancel')}>Cancel</Button>
        <Button onClick={() => void answer(prompt.id, 'decline')}>Decline</Button>
        <Button variant="primary" onClick={open}>
          Open {prompt.domain}
        </Button>
      </div>
    </div>
  );
}

function Dialog({ prompt, answer }: { prompt: ElicitationPrompt; answer: Answer }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && void answer(prompt.id, 'cancel')}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-bg p-5 shadow-2xl"
          data-testid="elicitation-dialog"
          data-mode={prompt.mode}
          data-tool={prompt.toolName}
          data-server={prompt.serverName}
        >
          <AlertDialog.Title className="text-base font-semibold">
            {prompt.mode === 'form'
              ? 'A server asks for information'
              : prompt.mode === 'url'
                ? 'Open a page?'
                : 'A link was refused'}
          </AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm">
              <Asker prompt={prompt} />
              <p className="whitespace-pre-wrap rounded bg-surface p-2" data-testid="elicitation-message">
                {prompt.message}
              </p>
            </div>
          </AlertDialog.Description>
          {prompt.mode === 'form' ? <FormAnswer key={prompt.id} prompt={prompt} answer={answer} /> : null}
          {prompt.mode === 'url' ? <UrlAnswer prompt={prompt} answer={answer} /> : null}
          {prompt.mode === 'refused' ? (
            <div className="mt-3 space-y-3 text-sm">
              <p data-testid="elicitation-note">{prompt.note} The server was told you declined.</p>
              <div className="flex justify-end">
                <Button onClick={() => void answer(prompt.id, 'cancel')}>Close</Button>
              </div>
            </div>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * MCP elicitation: questions a server asks during one of this user's tool calls, drawn by the host
 * over everything (never inside a view). URL pages being completed show as a "waiting" note.
 */
export function ElicitationHost() {
  const { prompts, refresh } = useCallPrompts<ElicitationPrompt>('/api/elicitations');
  const [answered, setAnswered] = useState<Set<string>>(new Set());

  const answer: Answer = useCallback(
    async (id, action, content) => {
      const error = await post(id, action, content);
      if (error === null) setAnswered((old) => new Set(old).add(id));
      void refresh();
      return error;
    },
    [refresh],
  );

  const asking = prompts.find((p) => !answered.has(p.id) && !(p.mode === 'url' && p.state === 'waiting'));
  const waiting = prompts.filter((p) => p.mode === 'url' && (p.state === 'waiting' || answered.has(p.id)));
  return (
    <>
      {asking ? <Dialog key={asking.id} prompt={asking} answer={answer} /> : null}
      {waiting.length > 0 ? (
        <div className="fixed right-4 bottom-4 z-40 space-y-2">
          {waiting.map((p) =>
            p.mode === 'url' ? (
              <p
                key={p.id}
                role="status"
                className="rounded border border-border bg-surface px-3 py-2 text-sm shadow"
                data-testid="elicitation-waiting"
              >
                Waiting for {p.domain} ({p.serverName}, {p.toolName})…
              </p>
            ) : null,
          )}
        </div>
      ) : null}
    </>
  );
}
