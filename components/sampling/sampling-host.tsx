'use client';
import { AlertDialog } from 'radix-ui';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import type { SamplingPrompt, ShownBlock } from '@/lib/mcplet/sampling-request';
import { Button } from '../ui/button';
import { useCallPrompts } from '../ui/use-call-prompts';

/** While a call of this page runs, a server's sampling request shows within half a second; otherwise within 5 s. */

interface Answer {
  approved: boolean;
  texts?: string[];
  remember?: boolean;
}

async function post(id: string, answer: Answer): Promise<string | null> {
  const response = await fetch(`/api/sampling/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? `The answer was refused (HTTP ${response.status}).`;
}

function Block({
  block,
  role,
  texts,
  setText,
}: {
  block: ShownBlock;
  role: string;
  texts: string[];
  setText: (index: number, text: string) => void;
}) {
  const id = useId();
  switch (block.kind) {
    case 'text':
      return (
        <div className="space-y-1">
          <label htmlFor={id} className="text-xs font-medium text-muted">
            Message {block.edit + 1} ({role})
          </label>
          <textarea
            id={id}
            data-testid="sampling-message"
            className="min-h-20 w-full rounded border border-border bg-surface px-2 py-1 font-mono text-xs"
            value={texts[block.edit] ?? ''}
            onChange={(e) => setText(block.edit, e.target.value)}
          />
        </div>
      );
    case 'media':
      return (
        <p className="text-xs">
          {role}: {block.type} ({block.mimeType}), sent as is
        </p>
      );
    case 'tool-use':
      return (
        <p className="break-all text-xs">
          {role} used the tool <code className="font-mono">{block.name}</code> with{' '}
          <code className="font-mono">{block.input}</code>
        </p>
      );
    case 'tool-result':
      return (
        <p className="whitespace-pre-wrap break-all text-xs">
          {role}: result of {block.toolUseId}
          {block.isError ? ' (an error)' : ''}: {block.text}
        </p>
      );
    default: {
      const unhandled: never = block;
      return unhandled;
    }
  }
}

function Details({ prompt }: { prompt: SamplingPrompt }) {
  const { request } = prompt;
  const rows: Array<[string, string]> = [['Longest answer', `${request.maxTokens} tokens`]];
  if (request.temperature !== undefined) rows.push(['Temperature', String(request.temperature)]);
  if (request.stopSequences)
    rows.push(['Stop sequences', request.stopSequences.map((s) => JSON.stringify(s)).join(', ')]);
  if (request.modelPreferences) rows.push(['Model preferences', request.modelPreferences]);
  if (request.toolChoice) rows.push(['Tool choice', request.toolChoice]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs" data-testid="sampling-params">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Dialog({
  prompt,
  answer,
}: {
  prompt: SamplingPrompt;
  answer: (id: string, a: Answer) => Promise<string | null>;
}) {
  const { request } = prompt;
  const original = useRef(
    request.messages.flatMap((m) => m.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []))),
  );
  const [texts, setTexts] = useState<string[]>(original.current);
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setText = (index: number, text: string) =>
    setTexts((old) => old.map((t, i) => (i === index ? text : t)));
  const approve = async (event: FormEvent) => {
    event.preventDefault();
    const edited = texts.some((t, i) => t !== original.current[i]);
    setError(
      await answer(prompt.id, {
        approved: true,
        ...(edited ? { texts } : {}),
        ...(remember ? { remember: true } : {}),
      }),
    );
  };
  const deny = () => void answer(prompt.id, { approved: false });
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && deny()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-bg p-5 shadow-2xl"
          data-testid="sampling-dialog"
          data-tool={prompt.toolName}
          data-server={prompt.serverName}
          data-from={prompt.fromView ? 'view' : 'server'}
        >
          <AlertDialog.Title className="text-base font-semibold">Allow a model request?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm">
              <p data-testid="sampling-asker">
                {prompt.fromView ? (
                  <>
                    The view of <strong>{prompt.serverName}</strong> shown for{' '}
                    {prompt.toolTitle ? <strong>{prompt.toolTitle} </strong> : null}
                    <code className="font-mono">{prompt.toolName}</code> asks the model of this conversation
                    for an answer. The model sees only what is below, and the view gets its answer.
                  </>
                ) : (
                  <>
                    <strong>{prompt.serverName}</strong> asks the model of this conversation for an answer,
                    during the call of {prompt.toolTitle ? <strong>{prompt.toolTitle} </strong> : null}
                    <code className="font-mono">{prompt.toolName}</code>. The model sees only what is below,
                    and the server gets its answer.
                  </>
                )}
              </p>
              {prompt.trustReasons.length > 0 ? (
                <div data-testid="sampling-trust">
                  <p className="font-medium">Why &quot;always&quot; is not offered:</p>
                  <ul className="list-disc pl-5 text-xs">
                    {prompt.trustReasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </div>
          </AlertDialog.Description>
          <form onSubmit={approve} className="mt-3 space-y-3 text-sm">
            {request.systemPrompt ? (
              <div>
                <p className="text-xs font-medium text-muted">System prompt</p>
                <p
                  className="whitespace-pre-wrap rounded bg-surface p-2 text-xs"
                  data-testid="sampling-system"
                >
                  {request.systemPrompt}
                </p>
              </div>
            ) : null}
            {request.messages.map((message, i) => (
              // The messages are the server's list, in its order; it does not change while shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the dialog's life
              <div key={i} className="space-y-1">
                {message.blocks.map((block, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the dialog's life
                  <Block key={j} block={block} role={message.role} texts={texts} setText={setText} />
                ))}
              </div>
            ))}
            <Details prompt={prompt} />
            {request.tools.length > 0 ? (
              <div data-testid="sampling-tools">
                <p className="text-xs font-medium text-muted">Tools it offers the model</p>
                <ul className="list-disc pl-5 text-xs">
                  {request.tools.map((tool) => (
                    <li key={tool.name}>
                      <code className="font-mono">{tool.name}</code>
                      {tool.description ? `: ${tool.description}` : ''}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {request.contextAsked ? (
              <p className="text-xs text-muted">
                It asked for context from the conversation ({request.contextAsked}); none is sent.
              </p>
            ) : null}
            {prompt.offerRemember ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                Always allow sampling from this server
              </label>
            ) : null}
            {error ? (
              <p role="alert" className="text-danger" data-testid="sampling-error">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button onClick={deny}>Deny</Button>
              <Button type="submit" variant="primary">
                Approve
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * MCP sampling (2025-11-25, client features): a server's request for a completion from the
 * conversation's model, during one of this user's tool calls, drawn by the host over everything
 * (never inside a view). Found the way elicitations are: polled while calls are in flight.
 */
export function SamplingHost() {
  const { prompts, refresh } = useCallPrompts<SamplingPrompt>('/api/sampling');
  const [answered, setAnswered] = useState<Set<string>>(new Set());

  const answer = useCallback(
    async (id: string, a: Answer) => {
      const error = await post(id, a);
      if (error === null) setAnswered((old) => new Set(old).add(id));
      void refresh();
      return error;
    },
    [refresh],
  );

  const asking = prompts.find((p) => !answered.has(p.id));
  return asking ? <Dialog key={asking.id} prompt={asking} answer={answer} /> : null;
}
