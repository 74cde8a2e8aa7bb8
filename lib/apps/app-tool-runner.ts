'use client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { useAppTools } from '../store/app-tools';

/** A run the server approved: exactly these arguments, in that view, once. */
export interface ViewRun {
  id: string;
  conversationId: string;
  viewId: string;
  toolName: string;
  args: Record<string, unknown>;
}

const started = new Set<string>();

/**
 * Performs a view-tool run the server decided, gated and handed over, and reports what the view
 * returned. The browser never decides or runs a view tool on its own: without a run id from the
 * server there is nothing to run, and each id is used once.
 */
export async function performViewRun(run: ViewRun): Promise<void> {
  if (started.has(run.id)) return;
  started.add(run.id);
  const view = useAppTools.getState().views[run.viewId];
  let answer: { result: CallToolResult } | { error: string };
  if (!view) answer = { error: 'the view that provides this tool is closed' };
  else {
    try {
      answer = { result: await view.call(run.toolName, run.args) };
    } catch (error) {
      answer = { error: (error instanceof Error ? error.message : String(error)).slice(0, 2_000) };
    }
  }
  const url = `/api/conversations/${encodeURIComponent(run.conversationId)}/view-tools/runs/${encodeURIComponent(run.id)}`;
  const post = (body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    const response = await post(answer);
    // A result the server refuses (malformed, too large) still ends the call at once, as an error.
    if (response.status === 400 || response.status === 413)
      await post({ error: `the view's result was refused by the host (HTTP ${response.status})` });
  } catch {
    // The host is unreachable; the server ends the run at its timeout.
  }
}
