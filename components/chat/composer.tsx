'use client';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '@/lib/store/preferences';
import { Button } from '../ui/button';

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
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [text, setText] = useState('');
  // Enter pressed while a reply runs: the message stays here, and the user is told why it was not sent.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!busy) setHeld(false);
  }, [busy]);
  const ref = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);

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
    ref.current?.focus();
  }, [conversationId]);

  function update(value: string) {
    setText(value);
    writeDraft(conversationId, value);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy && text.trim().length > 0) setHeld(true);
    if (busy || disabled || text.trim().length === 0) return;
    onSend(text);
    update('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && busy) {
      onStop();
    }
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      className="border-t border-border bg-bg p-3"
      aria-label="Send a message"
      data-composer
    >
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
          placeholder={disabled ? (disabledReason ?? 'Chat is unavailable') : 'Message'}
          aria-describedby="composer-keys"
          disabled={disabled}
          className="min-h-[2.75rem] flex-1 resize-none rounded-lg border border-border bg-surface px-3 py-2.5 text-[15px] disabled:opacity-60"
          data-testid="composer"
        />
        {busy ? (
          <Button onClick={onStop} className="h-11" aria-label="Stop generating" data-testid="stop">
            ■ Stop
          </Button>
        ) : (
          <Button
            type="submit"
            variant="primary"
            className="h-11"
            disabled={disabled || text.trim().length === 0}
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
          : `Enter to send, Shift+Enter for a new line${busy ? ', Escape to stop' : ''}.`}
      </p>
    </form>
  );
}
