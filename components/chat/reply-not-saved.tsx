'use client';
import type { UIMessage } from 'ai';
import { useState } from 'react';
import { notSavedSentence, type ReplyNotSaved } from '@/lib/chat/reply-save-part';
import { useChatActions } from '../apps/chat-actions';
import { Button } from '../ui/button';
import { messageText } from './message-actions';

type Attempt =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  /** `held`: whether the server may still save it (a 503), or it is gone (a 404 or another failure). */
  | { state: 'refused'; sentence: string; held: boolean };

async function retrySaving(conversationId: string, messageId: string): Promise<Attempt> {
  try {
    const response = await fetch(`/api/chat/${encodeURIComponent(conversationId)}/reply-save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messageId }),
    });
    if (response.ok) return { state: 'saved' };
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    const sentence = typeof body.error === 'string' ? body.error : 'The reply could not be saved. Try again.';
    return { state: 'refused', sentence, held: response.status === 503 };
  } catch {
    return { state: 'refused', sentence: 'The server could not be reached. Try again.', held: true };
  }
}

/**
 * Under a reply the server could not store: the sentence saying so, and ways to keep it (copy its
 * text, or ask the server that holds it to save it again). Once saved, the mark goes away.
 */
export function ReplyNotSavedNotice({ message, mark }: { message: UIMessage; mark: ReplyNotSaved }) {
  const { conversationId } = useChatActions();
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const [copied, setCopied] = useState(false);
  if (attempt.state === 'saved') return null;
  const text = messageText(message);
  const held = mark.held && (attempt.state !== 'refused' || attempt.held);
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-warn/40 bg-warn-bg px-3 py-2 text-sm text-warn"
      data-testid="reply-not-saved"
    >
      <p>{notSavedSentence(mark)}</p>
      {attempt.state === 'refused' ? <p data-testid="reply-save-error">{attempt.sentence}</p> : null}
      <div className="flex flex-wrap gap-2">
        {text ? (
          <Button
            data-testid="reply-copy"
            onClick={() =>
              void navigator.clipboard?.writeText(text).then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), 1500);
              })
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        ) : null}
        {held ? (
          <Button
            data-testid="reply-retry-save"
            disabled={attempt.state === 'saving'}
            onClick={() => {
              setAttempt({ state: 'saving' });
              void retrySaving(conversationId, message.id).then(setAttempt);
            }}
          >
            {attempt.state === 'saving' ? 'Saving…' : 'Retry saving'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
