/**
 * MCP tasks (2025-11-25, basic/utilities/tasks): a tool says in `execution.taskSupport` whether it
 * may (`optional`) or must (`required`) be called as a task, and a server says in its `tasks`
 * capability (`tasks.requests.tools.call`) that it runs `tools/call` as one. In 2026-07-28 tasks left
 * the core for the `io.modelcontextprotocol/tasks` extension (SEP-2663: `tasks/get`, `tasks/update`),
 * which this host does not speak yet: on such a session no tool runs as a task.
 */

export type TaskSupport = 'forbidden' | 'optional' | 'required';

/** How a tool runs as a task, for a tool that may; absent on a tool that may not (`forbidden`). */
export interface ToolTask {
  support: Exclude<TaskSupport, 'forbidden'>;
  /** The tool's server runs `tools/call` as a task on the session the host has with it. */
  runnable: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * MCP 2025-11-25, tools "Tool-level negotiation": `execution.taskSupport`, `forbidden` when absent.
 * Anything else than the three words is not a declaration, so it reads as absent too.
 */
export function readTaskSupport(execution: unknown): TaskSupport {
  if (!isRecord(execution)) return 'forbidden';
  const { taskSupport } = execution;
  return taskSupport === 'optional' || taskSupport === 'required' ? taskSupport : 'forbidden';
}

/**
 * MCP 2025-11-25, tasks "Capabilities": a server runs `tools/call` as a task only when it declares
 * `tasks.requests.tools.call`; a tool's own `taskSupport` counts only then. On a 2026-07-28 session
 * the core has no tasks, and the extension is not one this host negotiates.
 */
export function serverRunsToolTasks(capabilities: unknown, modern: boolean): boolean {
  if (modern || !isRecord(capabilities)) return false;
  const { tasks } = capabilities;
  if (!isRecord(tasks) || !isRecord(tasks.requests)) return false;
  const { tools } = tasks.requests;
  return isRecord(tools) && isRecord(tools.call);
}

/** The tool's task declaration with its server's, or undefined for a tool never run as a task. */
export function toolTask(execution: unknown, serverRuns: boolean): ToolTask | undefined {
  const support = readTaskSupport(execution);
  return support === 'forbidden' ? undefined : { support, runnable: serverRuns };
}

/**
 * Whether the host calls the tool as a task: MCP 2025-11-25 says a requestor SHOULD augment a call
 * to a `required` tool (the server may refuse it otherwise) and MAY for an `optional` one; the host
 * does whenever the server runs tasks, so a long call survives a reload and can be cancelled.
 */
export function callsAsTask(tool: { task?: ToolTask }): boolean {
  return tool.task?.runnable === true;
}

/** A tool that must run as a task on a server that cannot run it as one: never offered, never called. */
export function taskUnrunnable(tool: { task?: ToolTask }): boolean {
  return tool.task?.support === 'required' && !tool.task.runnable;
}

/** MCP 2025-11-25 task statuses; `completed`, `failed` and `cancelled` are terminal. */
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export function isTaskStatus(value: unknown): value is TaskStatus {
  return (TASK_STATUSES as readonly unknown[]).includes(value);
}

export function isTerminal(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The server's `pollInterval` (ms) when it gave a sane one, else the host's default; never below 100 ms. */
export function pollDelay(pollInterval: unknown, fallbackMs = 1_000): number {
  if (typeof pollInterval !== 'number' || !Number.isFinite(pollInterval) || pollInterval <= 0)
    return fallbackMs;
  return Math.min(60_000, Math.max(100, Math.round(pollInterval)));
}
