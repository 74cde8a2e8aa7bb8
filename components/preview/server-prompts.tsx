'use client';
import { type FormEvent, useState } from 'react';
import type { PromptListItem, PromptMessageText } from '@/lib/mcplet/prompts';
import { Button } from '../ui/button';
import { postJson, type ServerView } from './api';
import { ListingStatus } from './listing-status';
import { useServerListing } from './use-server-listing';

const input = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 text-sm';

/** One prompt tried as a preview: its arguments filled, the messages `prompts/get` returns shown. */
function TryPrompt({ serverId, prompt }: { serverId: string; prompt: PromptListItem }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [messages, setMessages] = useState<PromptMessageText[] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const args = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const result = await postJson<{ messages: PromptMessageText[] }>('/api/prompts/get', {
      serverId,
      name: prompt.name,
      arguments: args,
    });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setMessages(result.value.messages);
  }

  return (
    <form onSubmit={submit} className="mt-2 space-y-2" aria-label={`Try prompt ${prompt.name}`}>
      {prompt.arguments.map((arg) => (
        <label key={arg.name} className="block text-sm">
          {arg.title ?? arg.name}
          {arg.required ? <span className="text-danger"> *</span> : null}
          {arg.description ? <span className="text-muted"> — {arg.description}</span> : null}
          <input
            className={input}
            name={arg.name}
            value={values[arg.name] ?? ''}
            required={arg.required}
            onChange={(event) => setValues({ ...values, [arg.name]: event.target.value })}
          />
        </label>
      ))}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? 'Getting…' : 'Get messages'}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {messages ? (
        <ol className="space-y-1" data-testid="prompt-messages" aria-label="Messages the prompt returns">
          {messages.length === 0 ? (
            <li className="text-sm text-muted">The prompt returned no messages.</li>
          ) : null}
          {messages.map((message, index) => (
            // Messages have no id of their own; their order is what they are.
            // biome-ignore lint/suspicious/noArrayIndexKey: a returned list, never reordered
            <li key={index} className="rounded border border-border p-2 text-sm" data-role={message.role}>
              <span className="text-xs font-semibold text-muted">{message.role}</span>
              <p className="whitespace-pre-wrap break-words">{message.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </form>
  );
}

/** The Prompts tab of a server's card: its prompts as last listed, each to try as a preview. */
export function ServerPrompts({ server }: { server: ServerView }) {
  const {
    items: prompts,
    problem,
    load,
  } = useServerListing<PromptListItem>('/api/prompts', 'prompts', server.id);
  const [open, setOpen] = useState<string | null>(null);

  return (
    <div className="space-y-2" data-testid="server-prompts">
      <ListingStatus
        problem={problem}
        loading={prompts === null}
        empty={prompts?.length === 0}
        what="prompts"
        connected={server.status === 'ready'}
        testId="server-prompts-empty"
      />
      <ul className="space-y-2">
        {prompts?.map((prompt) => (
          <li
            key={prompt.name}
            className="rounded-md border border-border p-3"
            data-testid="server-prompt"
            data-prompt={prompt.name}
          >
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-mono font-semibold">{prompt.name}</code>
              {prompt.title ? <span className="text-sm">{prompt.title}</span> : null}
              <Button
                variant="ghost"
                className="ml-auto text-xs"
                aria-expanded={open === prompt.name}
                onClick={() => setOpen(open === prompt.name ? null : prompt.name)}
              >
                {open === prompt.name ? 'Close' : 'Try it'}
              </Button>
            </div>
            {prompt.description ? <p className="mt-1 text-sm text-muted">{prompt.description}</p> : null}
            {open === prompt.name ? <TryPrompt serverId={server.id} prompt={prompt} /> : null}
          </li>
        ))}
      </ul>
      <Button variant="ghost" className="text-xs" onClick={() => void load()}>
        List again
      </Button>
    </div>
  );
}
