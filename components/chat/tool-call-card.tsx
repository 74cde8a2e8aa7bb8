'use client';
import type { ReactNode } from 'react';
import { type CallProgress, type CallTask, progressFraction } from '@/lib/mcp/call-progress';
import { toolLabel } from '@/lib/mcplet/tool-words';
import { ScrollRegion } from '../ui/scroll-region';
import type { ResultMedia } from './result-media';

export type ToolCallState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied'
  /** The user cancelled the call (its Cancel); the server was told. */
  | 'cancelled'
  /** The reply was stopped (or cut) while the call ran: it has no result and never will. */
  | 'stopped'
  /** Nothing was sent: the user's answer at the gate (a cancel, a passkey not given, no answer in time). */
  | 'not-run';

const STATUS: Record<ToolCallState, { label: string; tone: string }> = {
  'input-streaming': { label: 'Preparing arguments', tone: 'text-muted' },
  'input-available': { label: 'Running', tone: 'text-accent' },
  'approval-requested': { label: 'Waiting for your approval', tone: 'text-warn' },
  'approval-responded': { label: 'Approval sent', tone: 'text-muted' },
  'output-available': { label: 'Done', tone: 'text-ok' },
  'output-error': { label: 'Failed', tone: 'text-danger' },
  'output-denied': { label: 'Denied', tone: 'text-danger' },
  cancelled: { label: 'Cancelled', tone: 'text-muted' },
  stopped: { label: 'Stopped', tone: 'text-muted' },
  'not-run': { label: 'Not run', tone: 'text-muted' },
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
  /** The tool's name: in the card's data only (tests, developers); people read its title. */
  toolName: string;
  /** The tool's title; without one, the card shows its name as words (lib/mcplet/tool-words.ts). */
  title?: string;
  /** The tool's icon, shown before its title. */
  icon?: ReactNode;
  state: ToolCallState;
  input: unknown;
  /** The result as a person reads it. */
  resultText?: string;
  errorText?: string;
  /** The error's code (9.1): kept on the card for the preview and tests, not in the sentence people read. */
  errorCode?: string;
  /** A view shows the result: its text is folded under "Result as text". */
  foldResult?: boolean;
  /** The result's images and audio. */
  media?: ResultMedia[];
  /** How far the running call has come, as its server last said. */
  progress?: CallProgress;
  /** The call ran as a task (MCP tasks): its id and how it ended, once it has. */
  task?: CallTask;
  /** Cancel for this call alone, while it runs (absent: not offered). */
  cancel?: ReactNode;
  /** Labels such as the server name or "admitted by compatibility"; later issues fill these in. */
  badges?: ReactNode;
  children?: ReactNode;
}

export function ToolCallCard({
  toolName,
  title,
  icon,
  state,
  input,
  resultText,
  errorText,
  errorCode,
  foldResult = false,
  media = [],
  progress,
  task,
  cancel,
  badges,
  children,
}: ToolCallCardProps) {
  const status = STATUS[state];
  const args = pretty(input);
  const label = toolLabel(title, toolName);
  return (
    <section
      className="rounded-lg border border-border bg-surface text-sm"
      aria-label={`Tool call ${label}`}
      data-testid="tool-call-card"
      data-tool-name={toolName}
      data-state={state}
      data-code={errorCode}
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        {icon}
        <span className="font-semibold" data-testid="tool-title">
          {label}
        </span>
        {badges}
        <span className={`ml-auto text-xs font-medium ${status.tone}`} role="status">
          {status.label}
        </span>
        {state === 'input-available' ? cancel : null}
      </header>
      <div className="space-y-2 px-3 py-2">
        {state === 'input-available' && progress ? <ProgressLine label={label} progress={progress} /> : null}
        {state !== 'input-available' && task ? <TaskLine task={task} /> : null}
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
            <MediaList media={media} toolName={label} />
          </details>
        ) : state === 'output-available' ? (
          <>
            <ResultText text={resultText} />
            <MediaList media={media} toolName={label} />
          </>
        ) : null}
        {state === 'cancelled' || state === 'stopped' || state === 'not-run' ? (
          <p className="rounded bg-bg p-2 text-muted" data-testid="tool-ended">
            {state === 'stopped' ? 'The reply was stopped before this call finished.' : errorText}
          </p>
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

const TASK_WORDS: Record<CallTask['status'], string> = {
  working: 'Task working',
  input_required: 'Task waiting for input',
  completed: 'Task completed',
  failed: 'Task failed',
  cancelled: 'Task cancelled',
};

/** A call run as a task (MCP 2025-11-25 tasks): its status in words and the server's id for it. */
function TaskLine({ task }: { task: CallTask }) {
  return (
    <p className="text-xs text-muted" data-testid="tool-task" data-task-status={task.status}>
      {TASK_WORDS[task.status]} <code className="font-mono">{task.id}</code>
    </p>
  );
}

/** The server's last word on how far the call has come: a bar when it gave a total, and its message. */
function ProgressLine({ label: tool, progress }: { label: string; progress: CallProgress }) {
  const fraction = progressFraction(progress);
  const label = `Progress of ${tool}`;
  return (
    <div className="space-y-1" data-testid="tool-progress">
      {progress.task ? <TaskLine task={progress.task} /> : null}
      {fraction === null ? (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuetext={`${progress.progress} done`}
          className="h-1.5 overflow-hidden rounded bg-bg"
        >
          <div className="h-full w-1/3 animate-pulse rounded bg-accent" />
        </div>
      ) : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
          className="h-1.5 overflow-hidden rounded bg-bg"
        >
          <div
            className="h-full rounded bg-accent transition-[width]"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
      )}
      {progress.message ? (
        <p className="text-xs text-muted" data-testid="tool-progress-message">
          {progress.message}
        </p>
      ) : null}
    </div>
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

/** `toolName`: the tool as people read it (its title, else its name made readable). */
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
