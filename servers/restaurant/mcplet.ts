import type {
  CallToolResult,
  InputRequiredResult,
  ReadResourceResult,
  ServerContext,
  ToolAnnotations,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

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

export interface McpletToolConfig<Shape extends z.ZodRawShape> {
  title: string;
  description: string;
  /** The arguments, field by field; the helper wraps them in `z.object`. */
  inputSchema: Shape;
  meta: McpletMeta;
  /** URI of the result schema resource, `mcplet://tool-result-schema/{toolId}`. */
  resultSchemaUri?: string;
  readOnly?: boolean;
}

/**
 * A tool handler: the arguments as the schema parsed them, and the request's context. The host puts
 * a passkey assertion in the request's `_meta` (`ctx.mcpReq._meta.mcplet_auth`, 7.2).
 */
export type McpletHandler<Shape extends z.ZodRawShape> = (
  args: z.output<z.ZodObject<Shape>>,
  ctx: ServerContext,
) => CallToolResult | Promise<CallToolResult>;

/** MCP's tool annotations plus WebMCP's `humanInTheLoopHint`, which hosts that know it read there too. */
type McpletAnnotations = ToolAnnotations & Pick<McpletMeta, 'humanInTheLoopHint'>;

/** What a tool handler may answer: a result, or (2026-07-28) a request for more input first. */
type ToolOutcome = CallToolResult | InputRequiredResult;

/** What a tool is registered with: the config `McpServer.registerTool` takes. */
interface McpletToolDefinition {
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  annotations: McpletAnnotations;
  _meta: Record<string, unknown>;
}

/**
 * What these helpers use of a server: `registerTool` and `registerResource`, as `McpServer` has them
 * (the handler's argument types come from `inputSchema`, so any handler fits here). Typed by use
 * rather than by class, so the host's test fixtures whose servers are still on the v1 SDK share
 * these helpers.
 */
export interface McpletServer {
  registerTool(
    name: string,
    config: McpletToolDefinition,
    handler: (args: never, ctx: never) => ToolOutcome | Promise<ToolOutcome>,
  ): unknown;
  registerResource(
    name: string,
    uri: string,
    config: { mimeType: string; description: string },
    read: () => Promise<ReadResourceResult>,
  ): unknown;
}

export function registerMcpletTool<Shape extends z.ZodRawShape>(
  server: McpletServer,
  name: string,
  config: McpletToolConfig<Shape>,
  handler: McpletHandler<Shape>,
): void {
  const _meta: Record<string, unknown> = { ...config.meta };
  if (config.resultSchemaUri) _meta.mcpletToolResultSchemaUri = config.resultSchemaUri;
  if (config.meta.ui?.resourceUri) _meta['ui/resourceUri'] = config.meta.ui.resourceUri;
  const annotations: McpletAnnotations = {
    readOnlyHint: config.readOnly ?? config.meta.mcpletType !== 'action',
    ...(config.meta.humanInTheLoopHint ? { humanInTheLoopHint: config.meta.humanInTheLoopHint } : {}),
  };
  server.registerTool(
    name,
    {
      title: config.title,
      description: config.description,
      inputSchema: z.object(config.inputSchema),
      annotations,
      _meta,
    },
    handler,
  );
}

/** Publishes a result schema resource with the 9.4 payload. */
export function registerResultSchema(server: McpletServer, uri: string, payload: () => string): void {
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
