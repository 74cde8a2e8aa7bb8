/** The text a person reads for a tool's output: MCP text content joined, anything else as JSON. */
export function toolResultText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output && typeof output === 'object' && Array.isArray((output as { content?: unknown }).content)) {
    const parts = (output as { content: Array<{ type?: string; text?: string }> }).content.map((c) =>
      c.type === 'text' && typeof c.text === 'string' ? c.text : `[${c.type ?? 'content'}]`,
    );
    return parts.join('\n');
  }
  try {
    return JSON.stringify(output, null, 2) ?? '';
  } catch {
    return String(output);
  }
}
