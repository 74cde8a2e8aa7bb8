import type { CallToolResult } from '@modelcontextprotocol/client';

/** A tool result as an MCP Apps view receives it (ext-apps 2026-01-26: structured content is an object). */
export type ViewToolResult = CallToolResult & { structuredContent?: Record<string, unknown> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A result for a view. Since the 2026-07-28 revision a tool's structured content may be any JSON
 * value (SEP-2106), but the view protocol still carries the 2025 shape, an object: a value that is
 * not one is given as `{ result: value }`, the wrapping the SDK itself applies for 2025-era clients.
 */
export function viewToolResult(result: CallToolResult): ViewToolResult {
  const { structuredContent, ...rest } = result;
  if (structuredContent === undefined) return rest;
  return {
    ...rest,
    structuredContent: isRecord(structuredContent) ? structuredContent : { result: structuredContent },
  };
}
