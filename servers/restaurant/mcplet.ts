import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';

/**
 * Helpers an MCPlet author can copy: code-first metadata (spec 2.1, 5.1) declared at registration,
 * a result schema published as an MCP resource (9.3, 9.4), and results in the 9.1 shape.
 */
export interface McpletMeta {
  mcpletType: 'read' | 'prepare' | 'action';
  visibility: ['model'] | ['app'] | ['model', 'app'];
  pool?: string;
  ui?: { resourceUri?: string; displayMode?: string };
  auth?: {
    required: 'passkey' | 'confirmation';
    enforcement: 'strict' | 'host-only';
    promptMessage?: string;
  };
  /**
   * How much of the user the call needs (WebMCP humanInTheLoopHint): `none`, `notify` (runs, the
   * user is told), `review` (the user sees and may edit the call first) or `confirm`. A host only
   * lets it raise the level its own rules give (docs/gates.md).
   */
  humanInTheLoopHint?: 'none' | 'notify' | 'review' | 'confirm';
}

export interface McpletToolConfig<Shape extends ZodRawShape> {
  title: string;
  description: string;
  inputSchema: Shape;
  meta: McpletMeta;
  /** URI of the result schema resource, `mcplet://tool-result-schema/{toolId}`. */
  resultSchemaUri?: string;
  readOnly?: boolean;
}

type Handler = (
  args: Record<string, unknown>,
  extra: { _meta?: Record<string, unknown> },
) => Promise<CallToolResult> | CallToolResult;

export function registerMcpletTool<Shape extends ZodRawShape>(
  server: McpServer,
  name: string,
  config: McpletToolConfig<Shape>,
  handler: Handler,
): void {
  const _meta: Record<string, unknown> = { ...config.meta };
  if (config.resultSchemaUri) _meta.mcpletToolResultSchemaUri = config.resultSchemaUri;
  if (config.meta.ui?.resourceUri) _meta['ui/resourceUri'] = config.meta.ui.resourceUri;
  server.registerTool(
    name,
    {
      title: config.title,
      description: config.description,
      inputSchema: config.inputSchema,
      annotations: {
        readOnlyHint: config.readOnly ?? config.meta.mcpletType !== 'action',
        ...(config.meta.humanInTheLoopHint ? { humanInTheLoopHint: config.meta.humanInTheLoopHint } : {}),
      },
      _meta,
    },
    ((args: Record<string, unknown>, extra: { _meta?: Record<string, unknown> }) =>
      handler(args, extra)) as never,
  );
}

/** Publishes a result schema resource with the 9.4 payload. */
export function registerResultSchema(server: McpServer, uri: string, payload: () => string): void {
  server.registerResource(
    uri,
    uri,
    { mimeType: 'application/schema+json', description: `Result schema (${uri})` },
    async () => ({
      contents: [{ uri, mimeType: 'application/schema+json', text: payload() }],
    }),
  );
}

export function success(structuredContent: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent };
}

/** An error result: MCP `isError` (10.7) plus a 9.1 code the host can read. */
export function failure(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: message }],
    structuredContent: { error: { code, message } },
  };
}
