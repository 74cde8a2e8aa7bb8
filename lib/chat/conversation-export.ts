import { getToolName, isToolUIPart, type UIMessage } from 'ai';

export const EXPORT_FORMATS = ['md', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One part of an exported message: what was said, or a tool call with its input and result as the model read them. */
export type ExportedPart =
  | { type: 'text'; text: string }
  | { type: 'tool'; tool: string; input: unknown; result: string | null; error: string | null };

/** The JSON export (`?format=json`): the one definition of its shape. */
export interface ConversationExport {
  format: 'mcplet-conversation-export';
  version: 1;
  exportedAt: string;
  conversation: { id: string; title: string; modelId: string | null };
  messages: Array<{ id: string; role: 'user' | 'assistant'; parts: ExportedPart[] }>;
}

type Part = UIMessage['parts'][number];

function resultText(output: unknown): string | null {
  const content = (output as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return null;
  return content
    .map((block) => {
      const b = block as { type?: unknown; text?: unknown; mimeType?: unknown };
      if (b.type === 'text' && typeof b.text === 'string') return b.text;
      return `[${String(b.type)}${typeof b.mimeType === 'string' ? ` ${b.mimeType}` : ''}]`;
    })
    .join('\n');
}

function exportPart(part: Part): ExportedPart | null {
  if (part.type === 'text') return { type: 'text', text: part.text };
  if (isToolUIPart(part)) {
    return {
      type: 'tool',
      tool: getToolName(part),
      input: part.input ?? null,
      result: part.state === 'output-available' ? resultText(part.output) : null,
      error: part.state === 'output-error' ? (part.errorText ?? 'The call failed.') : null,
    };
  }
  // Reasoning, step marks and the host's own data parts are not part of the conversation's text.
  return null;
}

/**
 * A conversation as exported: `messages` must already be the model-facing projection
 * (lib/llm/conversation-export.ts makes it), so a withheld value is its placeholder here too.
 */
export function buildExport(
  conversation: ConversationExport['conversation'],
  messages: readonly UIMessage[],
  now = new Date(),
): ConversationExport {
  return {
    format: 'mcplet-conversation-export',
    version: 1,
    exportedAt: now.toISOString(),
    conversation,
    messages: messages.flatMap((message) => {
      if (message.role !== 'user' && message.role !== 'assistant') return [];
      const parts = message.parts.map(exportPart).filter((p): p is ExportedPart => p !== null);
      return parts.length === 0 ? [] : [{ id: message.id, role: message.role, parts }];
    }),
  };
}

function fenced(text: string, language = ''): string {
  // A fence longer than any run of backticks inside, so the content cannot close it.
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

/** The export as Markdown: a heading per message, tool calls with their input and result fenced. */
export function exportMarkdown(data: ConversationExport): string {
  const lines = [
    `# ${data.conversation.title.replace(/\s+/g, ' ')}`,
    '',
    `Exported ${data.exportedAt}. Values withheld from the model are withheld here too.`,
  ];
  for (const message of data.messages) {
    lines.push('', `## ${message.role === 'user' ? 'You' : 'Assistant'}`, '');
    for (const part of message.parts) {
      if (part.type === 'text') {
        lines.push(part.text, '');
        continue;
      }
      lines.push(
        `**Tool call: \`${part.tool}\`**`,
        '',
        fenced(JSON.stringify(part.input, null, 2), 'json'),
        '',
      );
      if (part.result !== null) lines.push('Result:', '', fenced(part.result), '');
      if (part.error !== null) lines.push(`Failed: ${part.error}`, '');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** A file name from the title: letters, digits and dashes only. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'conversation';
  return `${base}.${format}`;
}
