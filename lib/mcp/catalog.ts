import 'server-only';
import type { Client } from '@modelcontextprotocol/client';
import type { ValidateFunction } from 'ajv';
import { z } from 'zod';
import { type AdmissionContext, admitTools } from '../mcplet/admission';
import { parseSchemaPayload, parseSchemaUri, type SchemaPayload } from '../mcplet/schema-uri';
import type { McpletTool, RawTool, RejectedTool } from '../mcplet/types';
import { definitionOf, type ToolDefinition } from '../trust/tool-pin';
import { compileSchema } from './validators';
import { safeErrorText } from './wire-errors';

export interface ResultSchema {
  uri: string;
  status: 'ready' | 'error';
  payload?: SchemaPayload;
  validate?: ValidateFunction;
  error?: string;
}

export interface ServerCatalog {
  tools: McpletTool[];
  rejected: RejectedTool[];
  inputValidators: Map<string, ValidateFunction>;
  /** Validators of the tools' `outputSchema`s, for the structured content of their results. */
  outputValidators: Map<string, ValidateFunction>;
  resultSchemas: Map<string, ResultSchema>;
  /** Each admitted tool's definition as listed, for pinning (docs/security.md, "Rug-pulls"). */
  definitions: Map<string, ToolDefinition>;
  listedAt: number;
  /** The tools as listed, before admission: what another admission mode would admit is read from them. */
  listed?: readonly RawTool[];
  /**
   * How long the server said its list stays fresh (`ttlMs`, SEP-2549, 2026-07-28): the shortest of
   * its pages; absent when any page did not say.
   */
  ttlMs?: number;
}

export const EMPTY_CATALOG: ServerCatalog = {
  tools: [],
  rejected: [],
  inputValidators: new Map(),
  outputValidators: new Map(),
  resultSchemas: new Map(),
  definitions: new Map(),
  listedAt: 0,
};

/**
 * The SDK's own tools/list schema throws away the whole answer when one tool is malformed; this one
 * keeps every entry so admission can reject the bad ones and keep the rest (5.3.1).
 */
const LenientListTools = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
  ttlMs: z.number().optional().catch(undefined),
});

async function listAll(client: Client, timeoutMs: number): Promise<{ tools: RawTool[]; ttlMs?: number }> {
  // A server that declares no `tools` capability (one offering only prompts, say) is not asked:
  // it would answer "method not found", and the connection would fail over a list it never offered.
  if (!client.getServerCapabilities()?.tools) return { tools: [] };
  const tools: RawTool[] = [];
  let cursor: string | undefined;
  let ttlMs: number | undefined;
  for (let page = 0; page < 50; page++) {
    const result = await client.request(
      { method: 'tools/list', params: cursor ? { cursor } : {} },
      LenientListTools,
      { timeout: timeoutMs },
    );
    for (const entry of result.tools)
      tools.push(entry && typeof entry === 'object' ? (entry as RawTool) : { name: entry });
    ttlMs =
      page === 0
        ? result.ttlMs
        : ttlMs === undefined || result.ttlMs === undefined
          ? undefined
          : Math.min(ttlMs, result.ttlMs);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return ttlMs === undefined ? { tools } : { tools, ttlMs };
}

/** 5.3.4, 9.3: reads and compiles a result schema resource from the tool's own server. */
async function fetchResultSchema(client: Client, uri: string, timeoutMs: number): Promise<ResultSchema> {
  const parsed = parseSchemaUri(uri);
  if (!parsed)
    return {
      uri,
      status: 'error',
      error: 'not an mcplet://tool-result-schema/{toolId}[/v{major}] URI (9.3)',
    };
  try {
    const read = await client.readResource({ uri }, { timeout: timeoutMs });
    const item = read.contents[0];
    const text =
      item && 'text' in item && typeof item.text === 'string'
        ? item.text
        : item && 'blob' in item && typeof item.blob === 'string'
          ? new TextDecoder().decode(Buffer.from(item.blob, 'base64'))
          : null;
    if (text === null) return { uri, status: 'error', error: 'the schema resource has no content' };
    const payload = parseSchemaPayload(text, parsed);
    if (!payload.ok) return { uri, status: 'error', error: payload.error };
    const compiled = compileSchema(payload.payload.schema);
    if (!compiled.ok)
      return {
        uri,
        status: 'error',
        payload: payload.payload,
        error: `the schema does not compile: ${compiled.error}`,
      };
    return { uri, status: 'ready', payload: payload.payload, validate: compiled.validate };
  } catch (error) {
    return {
      uri,
      status: 'error',
      error: `could not read the schema resource: ${safeErrorText(error)}`,
    };
  }
}

/** Lists, admits and prepares a server's tools. Input schemas that do not compile reject their tool. */
export async function buildCatalog(
  client: Client,
  context: AdmissionContext,
  timeoutMs: number,
): Promise<ServerCatalog> {
  const { tools: listed, ttlMs } = await listAll(client, timeoutMs);
  const results = admitTools(listed, context);
  const tools: McpletTool[] = [];
  const rejected: RejectedTool[] = [];
  const inputValidators = new Map<string, ValidateFunction>();
  const outputValidators = new Map<string, ValidateFunction>();
  for (const result of results) {
    if (result.status === 'rejected') {
      rejected.push(result.tool);
      continue;
    }
    const compiled = compileSchema(result.tool.inputSchema);
    if (!compiled.ok) {
      rejected.push({
        serverId: context.serverId,
        name: result.tool.name,
        reasons: [
          {
            code: 'INVALID_INPUT_SCHEMA',
            section: '5.1',
            message: `inputSchema does not compile: ${compiled.error}`,
          },
        ],
      });
      continue;
    }
    inputValidators.set(result.tool.name, compiled.validate);
    if (result.tool.outputSchema) {
      const output = compileSchema(result.tool.outputSchema);
      if (output.ok) outputValidators.set(result.tool.name, output.validate);
      else
        result.tool.warnings.push(
          `outputSchema does not compile, so results are not checked: ${output.error}`,
        );
    }
    tools.push(result.tool);
  }
  const resultSchemas = new Map<string, ResultSchema>();
  const uris = [...new Set(tools.map((t) => t.resultSchemaUri).filter((u): u is string => !!u))];
  const fetched = await Promise.all(uris.map((uri) => fetchResultSchema(client, uri, timeoutMs)));
  const byUri = new Map(fetched.map((s) => [s.uri, s]));
  for (const tool of tools) {
    const schema = tool.resultSchemaUri ? byUri.get(tool.resultSchemaUri) : undefined;
    if (schema) {
      resultSchemas.set(tool.name, schema);
      if (schema.status === 'error')
        tool.warnings.push(`5.3.4: result schema ${schema.uri}: ${schema.error}`);
      else if (schema.payload?.deprecated) {
        tool.warnings.push(
          `9.5: result schema ${schema.uri} is deprecated${schema.payload.sunsetDate ? `, sunset ${schema.payload.sunsetDate}` : ''}`,
        );
      }
    }
  }
  const definitions = new Map<string, ToolDefinition>();
  for (const tool of tools) {
    const raw = listed.find((r) => r.name === tool.name);
    if (raw) definitions.set(tool.name, definitionOf({ ...raw, name: tool.name }));
  }
  const catalog = {
    tools,
    rejected,
    inputValidators,
    outputValidators,
    resultSchemas,
    definitions,
    listedAt: Date.now(),
    listed,
  };
  return ttlMs === undefined ? catalog : { ...catalog, ttlMs };
}
