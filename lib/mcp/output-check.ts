import 'server-only';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ValidateFunction } from 'ajv';
import { describeErrors } from './validators';

/** A result whose structured content does not match the tool's declared `outputSchema`. */
export class OutputSchemaError extends Error {
  constructor(serverName: string, toolName: string, detail: string) {
    super(`${serverName} returned a result for ${toolName} that does not match its outputSchema: ${detail}.`);
    this.name = 'OutputSchemaError';
  }
}

/**
 * MCP (tools, output schema): a client should check a tool's structured content against the
 * `outputSchema` it declared, in the schema's own dialect (2020-12 unless it names draft-07;
 * lib/mcp/validators.ts). A result that fails is not used; an error result, or one without
 * structured content, has nothing to check.
 */
export function checkOutput(
  result: CallToolResult,
  validate: ValidateFunction | undefined,
  names: { serverName: string; toolName: string },
): void {
  if (!validate || result.isError || result.structuredContent === undefined) return;
  if (!validate(result.structuredContent))
    throw new OutputSchemaError(names.serverName, names.toolName, describeErrors(validate));
}

/**
 * Where a view finds that the result it was given broke its tool's outputSchema: the raw result
 * goes to the view (it may still show something), marked, while the model and the card get the
 * validation error.
 */
export const INVALID_OUTPUT_KEY = 'mcpletOutputInvalid';

export function markedInvalid(result: CallToolResult, reason: string): CallToolResult {
  return { ...result, _meta: { ...result._meta, [INVALID_OUTPUT_KEY]: reason } };
}
