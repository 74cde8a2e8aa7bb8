/** The text a person reads for a tool's output: MCP text content joined, anything else as JSON. */
export function toolResultText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output && typeof output === 'object' && Array.isArray((output as { content?: unknown }).content)) {
    const parts = (
      output as {
        content: Array<{
          type?: string;
          text?: string;
          name?: unknown;
          uri?: unknown;
          resource?: { uri?: unknown };
        }>;
      }
    ).content.map((c) => {
      if (c.type === 'text' && typeof c.text === 'string') return c.text;
      // Resources are listed as items under the text (result-resources.ts); the text names them.
      if (c.type === 'resource_link' && typeof c.uri === 'string')
        return `[resource: ${typeof c.name === 'string' ? c.name : c.uri}]`;
      if (c.type === 'resource' && typeof c.resource?.uri === 'string')
        return `[resource: ${c.resource.uri}]`;
      return `[${c.type ?? 'content'}]`;
    });
    return parts.join('\n');
  }
  try {
    return JSON.stringify(output, null, 2) ?? '';
  } catch {
    return String(output);
  }
}
