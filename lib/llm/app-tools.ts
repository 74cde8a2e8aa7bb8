import { jsonSchema, type ToolSet, tool, type UIMessage } from 'ai';
import { appToolName, isAppToolName } from '../mcplet/names';
import type { AppToolRequest } from './chat-request';

const MAX_OUTPUT = 100_000;

/**
 * Tools the open views provide, offered to the model namespaced by view and attributed to it. They
 * have no `execute`: the browser runs them through the view's bridge, after a confirmation for any
 * tool that is not `readOnlyHint: true`, and sends the result back.
 */
export function buildAppTools(appTools: AppToolRequest[] | undefined): ToolSet {
  const tools: ToolSet = {};
  for (const t of appTools ?? []) {
    if (t.inputSchema.type !== 'object') continue;
    tools[appToolName(t.viewId, t.name)] = tool({
      title: t.name,
      description: `[Provided by the open view "${t.viewTitle}"] ${t.description ?? t.name}`,
      inputSchema: jsonSchema(t.inputSchema),
      metadata: {
        appTool: true,
        viewId: t.viewId,
        viewTitle: t.viewTitle,
        toolName: t.name,
        readOnly: t.readOnly,
      },
    });
  }
  return tools;
}

export type ToolOutputs = Array<{ toolCallId: string; output?: unknown; errorText?: string }>;

/**
 * Applies browser results to the pending app-tool calls of the last reply. Only calls to
 * app-provided tools that are still waiting can be answered; anything else is refused.
 */
export function applyAppToolOutputs(
  last: UIMessage | undefined,
  outputs: ToolOutputs,
): { ok: true; message: UIMessage } | { ok: false; error: string } {
  if (last?.role !== 'assistant') return { ok: false, error: 'There is no reply waiting for tool results.' };
  const pending = new Map(outputs.map((o) => [o.toolCallId, o]));
  const parts = last.parts.map((part) => {
    const id = (part as { toolCallId?: string }).toolCallId;
    const answer = id ? pending.get(id) : undefined;
    if (!answer) return part;
    const name = part.type.startsWith('tool-') ? part.type.slice(5) : '';
    if (!isAppToolName(name) || (part as { state?: string }).state !== 'input-available') return part;
    pending.delete(id as string);
    if (answer.errorText !== undefined)
      return { ...part, state: 'output-error', errorText: answer.errorText } as typeof part;
    if (JSON.stringify(answer.output ?? null).length > MAX_OUTPUT) {
      return {
        ...part,
        state: 'output-error',
        errorText: 'The view returned a result larger than 100 kB.',
      } as typeof part;
    }
    return { ...part, state: 'output-available', output: answer.output ?? null } as typeof part;
  });
  if (pending.size > 0)
    return { ok: false, error: 'Only pending calls to tools provided by open views can be answered.' };
  return { ok: true, message: { ...last, parts } };
}
