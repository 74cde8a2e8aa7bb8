import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  TaskStatusNotificationParamsSchema,
} from '@modelcontextprotocol/core';
import { isTerminal, pollDelay, type TaskStatus } from '../mcplet/tasks';

/** A task's state as its server last told it (`tasks/get` or the task it created). */
export interface TaskReport {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
}

/** How long the host asks a server to keep a task and its result (MCP 2025-11-25 tasks, `ttl`). */
const TASK_TTL_MS = 10 * 60_000;

/** The server ended the task itself (`cancelled` without the user asking): the call has no result. */
export class TaskCancelledByServerError extends Error {}

function report(task: { taskId: string; status: TaskStatus; statusMessage?: string }): TaskReport {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
  };
}

/** Per client, the running tasks a `notifications/tasks/status` wakes (by task id). */
const wakers = new WeakMap<Client, Map<string, () => void>>();

/**
 * MCP 2025-11-25 tasks: a server MAY tell a task's status changes (`notifications/tasks/status`);
 * the host does not trust its content, it only polls `tasks/get` at once rather than waiting out
 * the interval. One handler per client, registered on the first task it runs.
 */
function onStatusNotice(client: Client, taskId: string, wake: () => void): () => void {
  let byTask = wakers.get(client);
  if (!byTask) {
    const tasks = new Map<string, () => void>();
    byTask = tasks;
    wakers.set(client, tasks);
    client.setNotificationHandler(
      'notifications/tasks/status',
      { params: TaskStatusNotificationParamsSchema },
      (params) => tasks.get(params.taskId)?.(),
    );
  }
  byTask.set(taskId, wake);
  return () => byTask.delete(taskId);
}

/** Waits `ms`, or less when the server tells of a change; throws when `signal` aborts. */
async function nextPoll(ms: number, woken: { next: Promise<void> }, signal?: AbortSignal): Promise<void> {
  const early = new AbortController();
  void woken.next.then(() => early.abort());
  try {
    await sleep(ms, undefined, { signal: signal ? AbortSignal.any([signal, early.signal]) : early.signal });
  } catch (error) {
    if (signal?.aborted || !early.signal.aborted) throw error;
  }
}

/**
 * A `tools/call` run as a task (MCP 2025-11-25, basic/utilities/tasks): the call creates the task,
 * `tasks/get` is polled at the server's `pollInterval` until the task ends or asks for input, and
 * `tasks/result` gives the tool's result (it also carries any request the task makes meanwhile,
 * answered by the client's own handlers). Cancel (the signal) sends `tasks/cancel`. The SDK has the
 * task schemas but no task runtime: these are its typed `request()` with an explicit result schema.
 */
export async function runToolTask(
  client: Client,
  params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> },
  options: { timeoutMs: number; signal?: AbortSignal; onTask?: (task: TaskReport) => void },
): Promise<{ result: CallToolResult; task: TaskReport }> {
  const { timeoutMs, signal, onTask } = options;
  const created = await client.request(
    { method: 'tools/call', params: { ...params, task: { ttl: TASK_TTL_MS } } },
    CreateTaskResultSchema,
    { timeout: timeoutMs, signal },
  );
  let task = created.task;
  onTask?.(report(task));
  // Each status notice resolves the promise the current wait watches, and arms the next one.
  const woken = { next: Promise.resolve(), wake: () => {} };
  const arm = () => {
    woken.next = new Promise<void>((resolve) => {
      woken.wake = resolve;
    });
  };
  arm();
  const stopListening = onStatusNotice(client, task.taskId, () => woken.wake());
  try {
    while (!isTerminal(task.status) && task.status !== 'input_required') {
      await nextPoll(pollDelay(task.pollInterval), woken, signal);
      arm();
      task = await client.request(
        { method: 'tasks/get', params: { taskId: task.taskId } },
        GetTaskResultSchema,
        { timeout: timeoutMs, signal },
      );
      onTask?.(report(task));
    }
  } catch (error) {
    if (signal?.aborted) await cancelTask(client, task.taskId, timeoutMs);
    throw error;
  } finally {
    stopListening();
  }
  if (task.status === 'cancelled') throw new TaskCancelledByServerError('the server cancelled the task');
  // `completed`, `failed` or `input_required`: tasks/result answers once the task has ended.
  try {
    const result = await client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      CallToolResultSchema,
      { timeout: timeoutMs, signal, resetTimeoutOnProgress: true },
    );
    const ended: TaskReport = { ...report(task), status: result.isError ? 'failed' : 'completed' };
    onTask?.(ended);
    return { result, task: ended };
  } catch (error) {
    if (signal?.aborted) await cancelTask(client, task.taskId, timeoutMs);
    throw error;
  }
}

/** `tasks/cancel`, told once; a server that already ended the task refuses it, which changes nothing. */
async function cancelTask(client: Client, taskId: string, timeoutMs: number): Promise<void> {
  try {
    await client.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema, {
      timeout: timeoutMs,
    });
  } catch {
    // The call ends as cancelled either way; the server keeps the task until its ttl at most.
  }
}
