'use client';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '@/lib/store/preferences';
import { Button } from '../ui/button';
import { CloseIcon, PaperclipIcon } from '../ui/icons';
import { PromptChip } from './prompt-chip';
import { argumentsForm, PROMPT_LISTBOX_ID, PromptMenu, promptOptionId } from './prompt-menu';
import type { ChosenPrompt } from './prompt-requests';
import { ResourceChip } from './resource-chip';
import { RESOURCE_LISTBOX_ID, ResourceMenuPopup, resourceOptionId } from './resource-menu';
import type { ChosenResource } from './resource-requests';
import { useResourceMenu } from './use-resource-menu';
import { useSlashMenu } from './use-slash-menu';

export function Composer({
  conversationId,
  busy,
  disabled,
  disabledReason,
  onSend,
  onStop,
}: {
  conversationId: string;
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  /**
   * The user's own words, the text of the MCP prompt they chose and the MCP resources they attached
   * (each sent in a part of its own).
   */
  onSend: (text: string, prompt?: ChosenPrompt, resources?: ChosenResource[]) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  // The MCP prompt the user chose from the `/` menu: its text, editable, goes with the message.
  const [prompt, setPrompt] = useState<ChosenPrompt | null>(null);
  // MCP resources the user attached (the picker, `@`): only their server and URI are sent.
  const [resources, setResources] = useState<ChosenResource[]>([]);
  // Enter pressed while a reply runs: the message stays here, and the user is told why it was not sent.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!busy) setHeld(false);
  }, [busy]);
  const ref = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const menu = useSlashMenu(text, choose);
  const picker = useResourceMenu(text, attach);

  // A fullscreen view leaves this much room at its bottom for the composer (app/globals.css).
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--composer-height', `${el.offsetHeight}px`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--composer-height');
    };
  }, []);

  useEffect(() => {
    setText(readDraft(conversationId));
    setPrompt(null);
    setResources([]);
    ref.current?.focus();
  }, [conversationId]);

  useEffect(() => {
    if (menu.open) void argumentsForm.preload().catch(() => {});
  }, [menu.open]);

  function update(value: string) {
    menu.textChanged(text, value);
    picker.textChanged(text, value);
    setText(value);
    writeDraft(conversationId, value);
  }

  /** A prompt from the menu: its text joins the composer as the prompt's, the `/…` typed is gone. */
  function choose(chosen: ChosenPrompt) {
    setPrompt(chosen);
    setText('');
    writeDraft(conversationId, '');
    ref.current?.focus();
  }

  /** A resource from the picker joins the message's attachments; what was typed to find it is gone. */
  function attach(chosen: ChosenResource, rest: string) {
    setResources((old) =>
      old.some((r) => r.serverId === chosen.serverId && r.uri === chosen.uri) ? old : [...old, chosen],
    );
    setText(rest);
    writeDraft(conversationId, rest);
    ref.current?.focus();
  }

  const sendable =
    text.trim().length > 0 || (prompt !== null && prompt.text.trim().length > 0) || resources.length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy && sendable) setHeld(true);
    if (busy || disabled || !sendable) return;
    onSend(text, prompt ?? undefined, resources.length > 0 ? resources : undefined);
    update('');
    setPrompt(null);
    setResources([]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (menu.keyDown(event) || picker.keyDown(event)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && busy) {
      onStop();
    }
  }

  const listing = menu.open && !menu.asking && menu.filtered.length > 0;
  const picking = picker.open && !picker.asking && picker.filtered.length > 0;
  return (
    <div className="relative" data-composer>
      {menu.open ? (
        <PromptMenu
          menu={menu}
          filter={text.slice(1)}
          onChosen={choose}
          onCancelForm={() => {
            menu.close();
            ref.current?.focus();
          }}
        />
      ) : picker.open ? (
        <ResourceMenuPopup
          menu={picker}
          onCancelForm={() => {
            picker.close();
            ref.current?.focus();
          }}
        />
      ) : null}
      <form
        ref={form}
        onSubmit={submit}
        className="border-t border-border bg-bg p-3"
        aria-label="Send a message"
      >
        {prompt ? (
          <fieldset className="mx-auto mb-2 flex max-w-3xl flex-col gap-1.5" data-testid="prompt-attachment">
            <legend className="sr-only">The prompt you chose</legend>
            <div className="flex items-center gap-2">
              <PromptChip data={prompt} />
              <Button
                variant="ghost"
                className="h-7 px-1.5 text-muted"
                aria-label="Remove the prompt"
                onClick={() => {
                  setPrompt(null);
                  ref.current?.focus();
                }}
                data-testid="prompt-remove"
              >
                <CloseIcon />
              </Button>
            </div>
            <label htmlFor="prompt-text" className="sr-only">
              Text of the prompt from {prompt.serverName}
            </label>
            <textarea
              id="prompt-text"
              value={prompt.text}
              onChange={(e) => setPrompt({ ...prompt, text: e.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  submit();
                }
              }}
              rows={Math.min(6, Math.max(2, prompt.text.split('\n').length))}
              className="w-full resize-y rounded-lg border border-dashed border-border bg-surface px-3 py-2 text-sm"
              data-testid="prompt-text"
            />
          </fieldset>
        ) : null}
        {resources.length > 0 ? (
          <ul
            className="mx-auto mb-2 flex max-w-3xl flex-wrap gap-2"
            aria-label="Attached resources"
            data-testid="resource-attachments"
          >
            {resources.map((r) => (
              <li key={`${r.serverId}/${r.uri}`} className="flex items-center gap-1">
                <ResourceChip data={r} />
                <Button
                  variant="ghost"
                  className="h-7 px-1.5 text-muted"
                  aria-label={`Remove the resource ${r.name}`}
                  onClick={() => {
                    setResources((old) => old.filter((o) => o !== r));
                    ref.current?.focus();
                  }}
                  data-testid="resource-remove"
                >
                  <CloseIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mx-auto flex max-w-3xl items-end gap-2">
          <label htmlFor="composer" className="sr-only">
            Message
          </label>
          <textarea
            id="composer"
            ref={ref}
            value={text}
            onChange={(e) => update(e.target.value)}
            onKeyDown={onKeyDown}
            rows={Math.min(8, Math.max(1, text.split('\n').length))}
            placeholder={
              disabled
                ? (disabledReason ?? 'Chat is unavailable')
                : prompt
                  ? 'Add your own words (optional)'
                  : 'Message'
            }
            aria-describedby="composer-keys"
            aria-autocomplete="list"
            aria-controls={listing ? PROMPT_LISTBOX_ID : picking ? RESOURCE_LISTBOX_ID : undefined}
            aria-activedescendant={
              listing ? promptOptionId(menu.active) : picking ? resourceOptionId(picker.active) : undefined
            }
            disabled={disabled}
            className="min-h-[2.75rem] flex-1 resize-none rounded-lg border border-border bg-surface px-3 py-2.5 text-[15px] disabled:opacity-60"
            data-testid="composer"
          />
          {/* After the message: Tab goes from a prompt's text to the user's own words first. */}
          <Button
            variant="ghost"
            className="h-11 px-2.5"
            aria-label="Attach a resource"
            aria-expanded={picker.open}
            disabled={disabled}
            onClick={() => {
              if (picker.open) picker.close();
              else {
                menu.close();
                picker.openAt(text.length);
              }
              ref.current?.focus();
            }}
            data-testid="resource-button"
          >
            <PaperclipIcon />
          </Button>
          {busy ? (
            <Button onClick={onStop} className="h-11" aria-label="Stop generating" data-testid="stop">
              ■ Stop
            </Button>
          ) : (
            <Button
              type="submit"
              variant="primary"
              className="h-11"
              disabled={disabled || !sendable}
              data-testid="send"
            >
              Send
            </Button>
          )}
        </div>
        <p
          id="composer-keys"
          aria-live="polite"
          className={`mx-auto mt-1 max-w-3xl text-xs text-muted ${held ? '' : 'hidden sm:block'}`}
          data-testid="composer-hint"
        >
          {held
            ? 'A reply is still running: your message waits here until it ends (Escape stops the reply).'
            : `Enter to send, Shift+Enter for a new line, / at the start for prompts, @ for resources${busy ? ', Escape to stop' : ''}.`}
        </p>
      </form>
    </div>
  );
}
