import { cleanText } from '../mcplet/model-facing';
import { singleLine } from '../mcplet/projection';
import type { RedactionOptions } from '../trust/redaction';

/**
 * How far a running call has come, as the server said in `notifications/progress` (MCP 2025-11-25
 * and 2026-07-28, utilities/progress): `progress` rises, `total` is there when the server knows it,
 * `message` says what it is doing. Only the user reads it (the tool card); the model never does.
 */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export type ProgressListener = (progress: CallProgress) => void;

/** A progress message is one line on a card: longer text is the server's to put in its result. */
export const MAX_PROGRESS_MESSAGE = 200;

/**
 * The progress a card may show of what a server sent, or null when it is not progress at all: a
 * number that is not finite, or a total that is not a positive finite number (it is dropped, not
 * trusted). The message is server text: control characters go, credentials and the conversation's
 * withheld values are masked, as on every other line the host shows of a server.
 */
export function readProgress(params: unknown, options: RedactionOptions = {}): CallProgress | null {
  if (typeof params !== 'object' || params === null) return null;
  const { progress, total, message } = params as Record<string, unknown>;
  if (typeof progress !== 'number' || !Number.isFinite(progress) || progress < 0) return null;
  const read: CallProgress = { progress };
  if (typeof total === 'number' && Number.isFinite(total) && total > 0) read.total = total;
  if (typeof message === 'string') {
    const line = singleLine(message);
    if (line) read.message = cleanText(line, options).slice(0, MAX_PROGRESS_MESSAGE);
  }
  return read;
}

/** The share done, 0 to 1, when the server gave a total; a progress past its total shows as full. */
export function progressFraction(progress: CallProgress): number | null {
  if (progress.total === undefined) return null;
  return Math.min(1, progress.progress / progress.total);
}
