import { isToolUIPart, type UIMessage } from 'ai';
import { DERIVED_TOOL_NAME, type DerivedOutput } from '../mcplet/derived-result';
import { splitDisplayMode } from '../mcplet/display-mode';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

function* toolParts(history: UIMessage[]): Generator<ToolPart> {
  for (const message of history) {
    for (const part of message.parts) if (isToolUIPart(part)) yield part;
  }
}

/** 10.4: the highest revision accepted per target in this conversation, read from the stored history. */
export function acceptedRevisions(history: UIMessage[]): Map<string, number> {
  const revisions = new Map<string, number>();
  for (const part of toolParts(history)) {
    if (part.type !== `tool-${DERIVED_TOOL_NAME}` || part.state !== 'output-available') continue;
    const accepted = (part.output as Partial<DerivedOutput> | undefined)?.derived?.accepted;
    if (accepted?.revision !== undefined) {
      revisions.set(accepted.toolId, Math.max(revisions.get(accepted.toolId) ?? -1, accepted.revision));
    }
  }
  return revisions;
}

/**
 * The arguments of the latest real call of a tool (by its model-facing name) in this conversation,
 * without the host's display-mode suggestion: what a fallback repeats when the model gave none (10.6).
 */
export function lastCallArguments(
  history: UIMessage[],
  modelName: string,
): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  for (const part of toolParts(history)) {
    if (part.type !== `tool-${modelName}` || part.state !== 'output-available') continue;
    const { args } = splitDisplayMode(part.input);
    if (args && typeof args === 'object' && !Array.isArray(args)) found = args as Record<string, unknown>;
  }
  return found;
}
