import { isToolUIPart, type UIMessage } from 'ai';

const WITHHELD = [{ type: 'text', text: 'This tool result is not available to the model.' }];

function modelOutput(output: unknown): { content: unknown[] } {
  const content = (output as { content?: unknown } | null)?.content;
  return { content: Array.isArray(content) ? content : WITHHELD };
}

/**
 * 15: before history goes to the model, every stored tool output is cut down to its model
 * projection (`content`). The full result (structuredContent, _meta, envelope) stays in storage for
 * views, and never reaches the model, even when the tool that produced it is gone.
 */
export function modelFacingHistory(messages: UIMessage[]): UIMessage[] {
  return messages.map((message) => {
    if (message.role !== 'assistant') return message;
    let changed = false;
    const parts = message.parts.map((part) => {
      if (!isToolUIPart(part) || part.state !== 'output-available') return part;
      changed = true;
      return { ...part, output: modelOutput(part.output) };
    });
    return changed ? { ...message, parts } : message;
  });
}
