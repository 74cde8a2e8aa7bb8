'use client';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../ui/scroll-region';
import type { ResultMedia } from './result-media';

export type ToolCallState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied';

const STATUS: Record<ToolCallState, { label: string; tone: string }> = {
  'input-streaming': { label: 'Preparing arguments', tone: 'text-muted' },
  'input-available': { label: 'Running', tone: 'text-accent' },
  'approval-requested': { label: 'Waiting for your approval', tone: 'text-warn' },
  'approval-responded': { label: 'Approval sent', tone: 'text-muted' },
  'output-available': { label: 'Done', tone: 'text-ok' },
  'output-error': { label: 'Failed', tone: 'text-danger' },
  'output-denied': { label: 'Denied', tone: 'text-danger' },
};

function pretty(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export interface ToolCallCardProps {
  toolName: string;
  state: ToolCallState;
  input: unknown;
  /** The result as a person reads it. */
  resultText?: string;
  errorText?: string;
  /** A view shows the result: its text is folded under "Result as text". */
  foldResult?: boolean;
  /** The result's images and audio (issue 15 item 9). */
  media?: ResultMedia[];
  /** Labels such as the server name or "admitted by compatibility"; later issues fill these in. */
  badges?: ReactNode;
  children?: ReactNode;
}

export function ToolCallCard({
  toolName,
  state,
  input,
  resultText,
  errorText,
  foldResult = false,
  media = [],
  badges,
  children,
}: ToolCallCardProps) {
  const status = STATUS[state];
  const args = pretty(input);
  return (
    <section
      className="rounded-lg border border-border bg-surface text-sm"
      aria-label={`Tool call ${toolName}`}
      data-testid="tool-call-card"
      data-tool-name={toolName}
      data-state={state}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        <code className="font-mono font-semibold">{toolName}</code>
        {badges}
        <span className={`ml-auto text-xs font-medium ${status.tone}`} role="status">
          {status.label}
        </span>
      </header>
      <div className="space-y-2 px-3 py-2">
        {args && args !== '{}' ? (
          <details>
            <summary className="cursor-pointer text-xs text-muted">Arguments</summary>
            <ScrollRegion
              as="pre"
              label="Arguments"
              className="mt-1 max-h-64 overflow-auto rounded bg-bg p-2 font-mono text-xs"
            >
              {args}
            </ScrollRegion>
          </details>
        ) : null}
        {state === 'output-available' && foldResult ? (
          <details>
            <summary className="cursor-pointer text-xs text-muted">Result as text</summary>
            <ResultText text={resultText} />
            <MediaList media={media} toolName={toolName} />
          </details>
        ) : state === 'output-available' ? (
          <>
            <ResultText text={resultText} />
            <MediaList media={media} toolName={toolName} />
          </>
        ) : null}
        {state === 'output-error' || state === 'output-denied' ? (
          <p className="rounded bg-danger-bg p-2 text-danger" role="alert" data-testid="tool-error">
            {errorText || (state === 'output-denied' ? 'The call was denied.' : 'The tool failed.')}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

function ResultText({ text }: { text: string | undefined }) {
  return (
    <ScrollRegion
      as="pre"
      label="Result"
      className="mt-1 max-h-80 overflow-auto rounded bg-bg p-2 font-mono text-xs whitespace-pre-wrap"
      data-testid="tool-result"
    >
      {text ?? ''}
    </ScrollRegion>
  );
}

function MediaList({ media, toolName }: { media: ResultMedia[]; toolName: string }) {
  if (media.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" data-testid="tool-media">
      {media.map((m, index) => (
        <li key={m.src}>
          {m.kind === 'image' ? (
            // biome-ignore lint/performance/noImgElement: a data: URL of the tool's own bytes, nothing to optimise
            <img
              src={m.src}
              alt={`${toolName} result ${index + 1} (${m.mimeType})`}
              className="max-h-80 max-w-full rounded border border-border"
            />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: a tool's audio comes with no captions to offer
            <audio controls src={m.src} aria-label={`Audio ${index + 1} from ${toolName} (${m.mimeType})`} />
          )}
        </li>
      ))}
    </ul>
  );
}
