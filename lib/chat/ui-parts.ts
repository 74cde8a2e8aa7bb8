import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';

type Part = UIMessage['parts'][number];

/**
 * The AI SDK's `isToolUIPart` and `getToolName`, kept here so the chat page's first load does not
 * import the `ai` package (and zod with it) for two one-line checks (less JavaScript for the browser).
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

/**
 * Whether a chat request sends a new chat's first message (the server then asks the model while it
 * opens the conversation): a submit, and nothing in the chat before that message.
 */
export function opensNewChat(messages: UIMessage[], trigger: string): boolean {
  return trigger === 'submit-message' && messages.length === 1 && messages[0]?.role === 'user';
}
