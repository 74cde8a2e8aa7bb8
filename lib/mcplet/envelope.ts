import type { McpletTool, Surface } from './types';

/** 9.1 error codes; implementations may add `X_` codes. */
export const ERROR_CODES = [
  'AUTH_REQUIRED',
  'AUTH_FAILED',
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'UNKNOWN_ERROR',
] as const;
export type StandardErrorCode = (typeof ERROR_CODES)[number];
export type ErrorCode = StandardErrorCode | `X_${string}`;

export function isErrorCode(value: unknown): value is ErrorCode {
  return (
    typeof value === 'string' &&
    ((ERROR_CODES as readonly string[]).includes(value) || /^X_[A-Z0-9_]{1,60}$/.test(value))
  );
}

export interface EnvelopeMeta {
  timestamp: string;
  toolId: string;
  mcpletType?: McpletTool['mcpletType'];
  visibility?: Surface[];
}

export type ResultEnvelope =
  | { result: unknown; _meta: EnvelopeMeta }
  | { error: { message: string; code: ErrorCode }; _meta: EnvelopeMeta };

/** The subset of an MCP CallToolResult the envelope reads. */
export interface CallResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: unknown;
}

function meta(
  tool: Pick<McpletTool, 'name' | 'mcpletType' | 'visibility'> | { name: string },
  now: Date,
): EnvelopeMeta {
  const out: EnvelopeMeta = { timestamp: now.toISOString(), toolId: tool.name };
  if ('mcpletType' in tool) {
    out.mcpletType = tool.mcpletType;
    out.visibility = tool.visibility;
  }
  return out;
}

export function errorEnvelope(
  tool: Pick<McpletTool, 'name' | 'mcpletType' | 'visibility'> | { name: string },
  code: ErrorCode,
  message: string,
  now = new Date(),
): ResultEnvelope {
  return { error: { message, code }, _meta: meta(tool, now) };
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const item of content) {
    if (item && typeof item === 'object' && (item as { type?: unknown }).type === 'text') {
      const text = (item as { text?: unknown }).text;
      if (typeof text === 'string' && text.trim()) return text;
    }
  }
  return undefined;
}

/** A code the server put in its error result, if it is one of 9.1's or an `X_` code. */
function serverCode(result: CallResultLike): ErrorCode | undefined {
  const candidates = [
    (result.structuredContent as { error?: { code?: unknown } } | undefined)?.error?.code,
    (result.structuredContent as { code?: unknown } | undefined)?.code,
    (result._meta as { error?: { code?: unknown } } | undefined)?.error?.code,
  ];
  return candidates.find(isErrorCode);
}

/**
 * 9.1, 10.7: wraps an MCP tool result. MCP `isError` is the authority: a result is an error if and
 * only if the server set `isError: true`, whatever its body looks like.
 */
export function wrapCallResult(
  tool: Pick<McpletTool, 'name' | 'mcpletType' | 'visibility'>,
  result: CallResultLike,
  now = new Date(),
): ResultEnvelope {
  if (result.isError === true) {
    const message = firstText(result.content) ?? 'The tool reported an error without a message.';
    return errorEnvelope(tool, serverCode(result) ?? 'UNKNOWN_ERROR', message, now);
  }
  const body = result.structuredContent !== undefined ? result.structuredContent : (result.content ?? null);
  return { result: body, _meta: meta(tool, now) };
}
