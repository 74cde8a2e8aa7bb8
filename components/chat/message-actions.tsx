'use client';
import type { UIMessage } from 'ai';
import { type FormEvent, useState } from 'react';
import { isPromptPart } from '@/lib/chat/prompt-part';
import { isResourcePart } from '@/lib/chat/resource-part';
import { Button } from '../ui/button';
import { CheckIcon, CopyIcon, PencilIcon } from '../ui/icons';

/** A message's text as it reads: a prompt's text included. */
export function messageText(message: UIMessage): string {
  return message.parts
    .flatMap((p) => (p.type === 'text' ? [p.text] : isPromptPart(p) ? [p.data.text] : []))
    .join('\n\n')
    .trim();
}

/** The user's own words of a message (what Edit changes; a prompt's text stays as it was). */
function ownText(message: UIMessage): string {
  return message.parts
    .flatMap((p) => (p.type === 'text' ? [p.text] : []))
    .join('\n\n')
    .trim();
}

/** Copy a message's text. */
export function CopyMessage({ message }: { message: UIMessage }) {
  const [copied, setCopied] = useState(false);
  const text = messageText(message);
  if (!text) return null;
  return (
    <Button
      variant="ghost"
      className="h-8 px-2 text-xs text-muted"
      aria-label={copied ? 'Copied' : 'Copy message'}
      title="Copy message"
      data-testid="copy-message"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </Button>
  );
}

/** A message of the user, edited and sent again as a new version beside it. */
export function EditMessage({ message, onSend }: { message: UIMessage; onSend: (text: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  // A message with a prompt's text may be sent again without words of the user's own.
  const keepsPrompt = message.parts.some((p) => isPromptPart(p) || isResourcePart(p));
  if (!editing)
    return (
      <Button
        variant="ghost"
        className="h-8 px-2 text-xs text-muted"
        aria-label="Edit message"
        title="Edit message"
        data-testid="edit-message"
        onClick={() => {
          setDraft(ownText(message));
          setEditing(true);
        }}
      >
        <PencilIcon />
      </Button>
    );
  function submit(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text && !keepsPrompt) return;
    setEditing(false);
    onSend(text);
  }
  return (
    <form className="flex w-full flex-col gap-2" onSubmit={submit} aria-label="Edit your message">
      <textarea
        className="min-h-20 w-full rounded-md border border-border bg-bg p-2 text-[15px]"
        value={draft}
        aria-label="Your message"
        // biome-ignore lint/a11y/noAutofocus: the user asked to edit this text
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setEditing(false);
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
        data-testid="edit-draft"
      />
      <div className="flex justify-end gap-2">
        <Button onClick={() => setEditing(false)}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!draft.trim() && !keepsPrompt}>
          Send
        </Button>
      </div>
    </form>
  );
}
