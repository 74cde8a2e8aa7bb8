import 'server-only';
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/client';

/** What the browser is told to run: exactly these arguments, in that view, once. */
export interface ViewRun {
  id: string;
  conversationId: string;
  viewId: string;
  toolName: string;
  args: Record<string, unknown>;
}

export type RunOutcome =
  | { ok: true; result: CallToolResult }
  | { ok: false; code: 'SERVICE_UNAVAILABLE' | 'UNKNOWN_ERROR'; message: string };

interface Pending extends ViewRun {
  userId: string;
  settled: Promise<RunOutcome>;
  settle(outcome: RunOutcome): void;
  timer: NodeJS.Timeout;
}

/** How long a view tool may take in its view (VIEW_TOOL_TIMEOUT_MS, default 60 s). */
const TIMEOUT_MS = Number(process.env.VIEW_TOOL_TIMEOUT_MS ?? 60_000);
const MAX_PENDING = 200;

const holder = globalThis as unknown as { __mcpletViewRuns?: Map<string, Pending> };
holder.__mcpletViewRuns ??= new Map();
const runs = holder.__mcpletViewRuns;

function finish(pending: Pending, outcome: RunOutcome): void {
  if (runs.get(pending.id) !== pending) return;
  runs.delete(pending.id);
  clearTimeout(pending.timer);
  pending.settle(outcome);
}

/**
 * Opens a single-use run of an approved view-tool call. The server waits for the browser to report
 * the view's result for this id; it ends with an error on timeout, when the view is torn down, or
 * when the turn is aborted.
 */
export function openRun(
  userId: string,
  run: Omit<ViewRun, 'id'>,
  timeoutMs = TIMEOUT_MS,
): ViewRun | { error: string } {
  if (runs.size >= MAX_PENDING) return { error: 'Too many view tools are running; try again shortly.' };
  const id = randomUUID();
  let settle: (outcome: RunOutcome) => void = () => {};
  const settled = new Promise<RunOutcome>((resolve) => {
    settle = resolve;
  });
  const pending: Pending = {
    ...run,
    id,
    userId,
    settled,
    settle,
    timer: setTimeout(
      () =>
        finish(pending, {
          ok: false,
          code: 'SERVICE_UNAVAILABLE',
          message: `the view did not answer within ${Math.round(timeoutMs / 1000)} s`,
        }),
      timeoutMs,
    ),
  };
  pending.timer.unref();
  runs.set(id, pending);
  return { id, ...run };
}

export function waitForRun(id: string, signal?: AbortSignal): Promise<RunOutcome> {
  const pending = runs.get(id);
  if (!pending) return Promise.resolve({ ok: false, code: 'UNKNOWN_ERROR', message: 'no such run' });
  signal?.addEventListener(
    'abort',
    () => finish(pending, { ok: false, code: 'UNKNOWN_ERROR', message: 'the turn was stopped' }),
    { once: true },
  );
  return pending.settled;
}

export type RunAnswer = { result: CallToolResult } | { error: string };

/** The browser's report of what the view returned, accepted once, from the run's own user and conversation. */
export function answerRun(
  id: string,
  userId: string,
  conversationId: string,
  answer: RunAnswer,
): { ok: true } | { ok: false; status: 404; reason: string } {
  const pending = runs.get(id);
  if (!pending || pending.userId !== userId || pending.conversationId !== conversationId)
    return { ok: false, status: 404, reason: 'No such view tool run (it ended, or was never opened).' };
  finish(
    pending,
    'result' in answer
      ? { ok: true, result: answer.result }
      : { ok: false, code: 'UNKNOWN_ERROR', message: answer.error },
  );
  return { ok: true };
}

/** A view was torn down: its runs end now, with an error that says so. */
export function endRunsOf(userId: string, conversationId: string, viewId: string): void {
  for (const pending of [...runs.values()]) {
    if (pending.userId === userId && pending.conversationId === conversationId && pending.viewId === viewId)
      finish(pending, {
        ok: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'the view that provides this tool was closed',
      });
  }
}

export function pendingRunCount(): number {
  return runs.size;
}
