import { cleanText } from '../mcplet/model-facing';
import { singleLine } from '../mcplet/projection';
import { isTaskStatus, type TaskStatus } from '../mcplet/tasks';
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
  /** The call runs as a task (MCP 2025-11-25 tasks): its id and status as the server last said. */
  task?: CallTask;
}

/** A call run as a task, as a card shows it: the server's id for it (masked) and its status. */
export interface CallTask {
  id: string;
  status: TaskStatus;
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

/** A task id is the server's string: one line, masked, short enough for a card. */
const MAX_TASK_ID = 80;

/**
 * A task's status as a card shows it (MCP 2025-11-25 tasks, `tasks/get`): the status, the id, and
 * the server's `statusMessage` as the line under it, read like a progress message. Null for a
 * status that is not one of the spec's.
 */
export function readTaskProgress(
  task: { taskId: string; status: string; statusMessage?: string },
  options: RedactionOptions = {},
): CallProgress | null {
  const { status } = task;
  if (!isTaskStatus(status)) return null;
  const id = cleanText(singleLine(task.taskId), options).slice(0, MAX_TASK_ID);
  const read: CallProgress = { progress: 0, task: { id, status } };
  if (task.statusMessage) {
    const line = singleLine(task.statusMessage);
    if (line) read.message = cleanText(line, options).slice(0, MAX_PROGRESS_MESSAGE);
  }
  return read;
}
