'use client';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type AttachmentLimits, modelProblem } from '@/lib/chat/attachment-rules';
import { readDraft, writeDraft } from '@/lib/store/preferences';
import { Button } from '../ui/button';
import { CloseIcon, ImageAddIcon, PaperclipIcon } from '../ui/icons';
import { FileChip } from './file-chip';
import { PromptChip } from './prompt-chip';
import { argumentsForm, PROMPT_LISTBOX_ID, PromptMenu, promptOptionId } from './prompt-menu';
import type { ChosenPrompt } from './prompt-requests';
import { ResourceChip } from './resource-chip';
import { RESOURCE_LISTBOX_ID, ResourceMenuPopup, resourceOptionId } from './resource-menu';
import type { ChosenResource } from './resource-requests';
import { type PendingFile, useFileAttachments } from './use-file-attachments';
import { useResourceMenu } from './use-resource-menu';
import { useSlashMenu } from './use-slash-menu';

/** The host's limits and what the conversation's model takes, for the composer's own check. */
export interface ComposerAttachments {
  limits: AttachmentLimits;
  accepts: string[];
  modelLabel: string;
}

export function Composer({
  conversationId,
  busy,
  disabled,
  disabledReason,
  onSend,
  onStop,
  attachments,
}: {
  conversationId: string;
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  /**
   * The user's own words, the text of the MCP prompt they chose and the MCP resources they attached
   * (each sent in a part of its own).
   */
  onSend: (text: string, prompt?: ChosenPrompt, resources?: ChosenResource[], files?: PendingFile[]) => void;
  onStop: () => void;
  attachments: ComposerAttachments;
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
  // Files the user attached (the button, a paste, a drop); what the model will not take is said here.
  const uploads = useFileAttachments(attachments.limits);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const refusal = modelProblem(uploads.files, attachments.accepts, attachments.modelLabel);
  const [refusalShown, setRefusalShown] = useState(false);

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
    uploads.clear();
    ref.current?.focus();
  }, [conversationId, uploads.clear]);

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
    text.trim().length > 0 ||
    (prompt !== null && prompt.text.trim().length > 0) ||
    resources.length > 0 ||
    uploads.files.length > 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy && sendable) setHeld(true);
    if (busy || disabled || !sendable) return;
    // The model would not take a file: nothing is sent, the words and the chips stay.
    if (refusal) {
      setRefusalShown(true);
      return;
    }
    onSend(
      text,
      prompt ?? undefined,
      resources.length > 0 ? resources : undefined,
      uploads.files.length > 0 ? uploads.files : undefined,
    );
    update('');
    setPrompt(null);
    setResources([]);
    uploads.clear();
    setRefusalShown(false);
  }

  function addFiles(files: readonly File[]) {
    setRefusalShown(false);
    void uploads.add(files);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    addFiles(files);
  }

  function onDragOver(event: DragEvent<HTMLFormElement>) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    setDragging(false);
    if (disabled || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    addFiles([...event.dataTransfer.files]);
    ref.current?.focus();
  }

  const attachNotice =
    uploads.notice ?? (refusal && (refusalShown || uploads.files.length > 0) ? refusal : null);

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
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`border-t border-border bg-bg p-3 ${dragging ? 'outline-2 outline-dashed outline-accent -outline-offset-4' : ''}`}
        aria-label="Send a message"
        data-dragging={dragging || undefined}
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
                <ResourceChip
                  data={r}
                  onRemove={() => {
                    setResources((old) => old.filter((o) => o !== r));
                    ref.current?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {uploads.files.length > 0 ? (
          <ul
            className="mx-auto mb-2 flex max-w-3xl flex-wrap gap-2"
            aria-label="Attached files"
            data-testid="file-attachments"
          >
            {uploads.files.map((f) => (
              <li key={f.key} className="flex items-center">
                <FileChip
                  name={f.name}
                  mediaType={f.mediaType}
                  size={f.size}
                  url={f.url}
                  onRemove={() => {
                    uploads.remove(f.key);
                    setRefusalShown(false);
                    ref.current?.focus();
                  }}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {attachNotice ? (
          <p
            role="alert"
            className="mx-auto mb-2 max-w-3xl text-sm text-danger"
            data-testid="attachment-notice"
          >
            {attachNotice}
          </p>
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
            onPaste={onPaste}
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
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={attachments.limits.types.join(',')}
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
              ref.current?.focus();
            }}
            data-testid="file-input"
          />
          <Button
            variant="ghost"
            className="h-11 px-2.5"
            aria-label="Attach files"
            title="Attach images or files"
            disabled={disabled || attachments.limits.maxFiles === 0}
            onClick={() => fileInput.current?.click()}
            data-testid="file-button"
          >
            <ImageAddIcon />
          </Button>
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
