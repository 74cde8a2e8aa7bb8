import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';

type Part = UIMessage['parts'][number];

/**
 * The AI SDK's `isToolUIPart` and `getToolName`, kept here so the chat page's first load does not
 * import the `ai` package (and zod with it) for two one-line checks (issue 14: client JS).
 */
export function isToolPart(part: Part): part is ToolUIPart | DynamicToolUIPart {
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}

export function toolNameOf(part: ToolUIPart | DynamicToolUIPart): string {
  return part.type === 'dynamic-tool' ? part.toolName : part.type.split('-').slice(1).join('-');
}

/** The newest user message (the one a turn answers). */
export function lastUserMessage(messages: UIMessage[]): UIMessage | undefined {
  return messages.findLast((m) => m.role === 'user');
}
