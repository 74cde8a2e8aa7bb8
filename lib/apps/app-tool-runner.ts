'use client';
import type { UIMessage } from 'ai';
import { isAppToolName } from '../mcplet/names';
import { findAppTool } from '../store/app-tools';
import { useGates } from '../store/gates';

export type AppToolOutcome = { output: unknown } | { errorText: string };

/**
 * Runs a model-proposed call of an app-provided tool in its view. A tool without
 * `readOnlyHint: true` is confirmed by the user first; a call to a view that is gone is an error.
 */
export async function runAppTool(toolName: string, input: unknown): Promise<AppToolOutcome> {
  const found = findAppTool(toolName);
  if (!found) return { errorText: 'The view that provided this tool is closed.' };
  const { view, tool } = found;
  const args = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  if (!tool.readOnly) {
    const { approved } = await useGates.getState().ask({
      id: `app-tool-${crypto.randomUUID()}`,
      gate: 'confirm',
      serverName: view.viewTitle,
      toolName: tool.name,
      args,
      promptMessage: 'A tool provided by an open view wants to run.',
      expiresAt: Date.now() + 120_000,
    });
    if (!approved) return { errorText: 'The user declined this call.' };
  }
  try {
    return { output: await view.call(tool.name, args) };
  } catch (error) {
    return { errorText: error instanceof Error ? error.message : String(error) };
  }
}

type Part = UIMessage['parts'][number];

function lastStep(message: UIMessage): Part[] {
  const start = message.parts.findLastIndex((p) => p.type === 'step-start');
  return message.parts.slice(start + 1);
}

function appParts(parts: Part[]) {
  return parts.filter((p) => p.type.startsWith('tool-') && isAppToolName(p.type.slice(5))) as Array<
    Part & { toolCallId: string; state: string; output?: unknown; errorText?: string }
  >;
}

/** True when the last reply ends with app-tool calls that now all have results to send back. */
export function appToolResultsReady(messages: UIMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return false;
  const step = lastStep(last);
  const calls = appParts(step);
  if (calls.length === 0 || step.some((p) => p.type === 'text')) return false;
  return calls.every((p) => p.state === 'output-available' || p.state === 'output-error');
}

export function appToolOutputs(message: UIMessage | undefined) {
  if (!message) return [];
  return appParts(lastStep(message)).map((p) =>
    p.state === 'output-error'
      ? { toolCallId: p.toolCallId, errorText: p.errorText ?? 'failed' }
      : { toolCallId: p.toolCallId, output: p.output },
  );
}
