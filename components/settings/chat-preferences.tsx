'use client';
import { type FormEvent, useState } from 'react';
import { MAX_CUSTOM_INSTRUCTIONS, type UserSettings } from '@/lib/settings/user-settings';
import type { ModelListItem } from '../chat/chat-settings';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

type Titles = 'host' | 'on' | 'off';

function titlesOf(value: boolean | null): Titles {
  return value === null ? 'host' : value ? 'on' : 'off';
}

/**
 * The user's chat settings: their own instructions to the model, the model new conversations start
 * with, and whether conversations get a generated title. Saved together; a refused save keeps what
 * was typed and says why.
 */
export function ChatPreferences({
  initial,
  models,
  hostTitles,
}: {
  initial: UserSettings;
  models: ModelListItem[];
  /** Whether the host generates titles for users who have not chosen. */
  hostTitles: boolean;
}) {
  const [instructions, setInstructions] = useState(initial.customInstructions);
  const [modelId, setModelId] = useState(initial.defaultModelId ?? '');
  const [titles, setTitles] = useState<Titles>(titlesOf(initial.generateTitles));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const hydrated = useHydrated();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch('/api/settings', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          customInstructions: instructions,
          defaultModelId: modelId === '' ? null : modelId,
          generateTitles: titles === 'host' ? null : titles === 'on',
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; settings?: UserSettings };
      if (!response.ok || !body.settings) throw new Error(body.error ?? `HTTP ${response.status}`);
      setMessage({ text: 'Saved.', error: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), error: true });
    } finally {
      setBusy(false);
    }
  }

  const left = MAX_CUSTOM_INSTRUCTIONS - instructions.length;
  return (
    <form onSubmit={save} className="flex flex-col gap-4" data-testid="chat-preferences">
      <div className="flex flex-col gap-1">
        <label htmlFor="custom-instructions" className="text-sm font-medium">
          Custom instructions
        </label>
        <p id="custom-instructions-help" className="text-xs text-muted">
          Given to the model of every conversation, after the host&apos;s own instructions. They are yours:
          never sent to an MCP server, whether in a tool call or a server&apos;s request to the model.
        </p>
        <textarea
          id="custom-instructions"
          aria-describedby="custom-instructions-help custom-instructions-left"
          value={instructions}
          maxLength={MAX_CUSTOM_INSTRUCTIONS}
          rows={5}
          onChange={(e) => setInstructions(e.target.value)}
          className="w-full rounded-md border border-border bg-bg px-2 py-1.5 text-sm"
          data-testid="custom-instructions"
        />
        <p id="custom-instructions-left" className="text-xs text-muted">
          {left} of {MAX_CUSTOM_INSTRUCTIONS} characters left
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="default-model" className="text-sm font-medium">
          Default model
        </label>
        <select
          id="default-model"
          value={modelId}
          onChange={(e) => setModelId(e.target.value)}
          className="h-9 max-w-sm rounded-md border border-border bg-surface px-2 text-sm"
          data-testid="default-model"
        >
          <option value="">The host&apos;s default</option>
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
          {modelId !== '' && !models.some((m) => m.id === modelId) ? (
            <option value={modelId}>{modelId} (no longer offered: the host&apos;s default is used)</option>
          ) : null}
        </select>
        <p className="text-xs text-muted">
          New conversations start with it; each conversation keeps its own.
        </p>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">Generated titles</legend>
        <p className="text-xs text-muted">
          After a conversation&apos;s first reply, its model is asked for a short title (from your first
          message and the reply, with withheld values left out). Otherwise the title is the start of your
          first message.
        </p>
        {(
          [
            ['host', `The host's default (${hostTitles ? 'on' : 'off'})`],
            ['on', 'On'],
            ['off', 'Off'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="generate-titles"
              value={value}
              checked={titles === value}
              onChange={() => setTitles(value)}
              data-testid={`generate-titles-${value}`}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          variant="primary"
          disabled={busy || !hydrated}
          data-testid="chat-preferences-save"
        >
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <p
          role="status"
          aria-live="polite"
          className={`text-sm ${message?.error ? 'text-danger' : 'text-ok'}`}
          data-testid="chat-preferences-message"
        >
          {message?.text}
        </p>
      </div>
    </form>
  );
}
