import { TOOL_NAME } from '../mcplet/names';

/**
 * WebMCP (`navigator.modelContext`) tools as MCP Apps view tools: the pure part of the view shim
 * (lib/apps/webmcp-shim.ts). No DOM here, so every rule is unit tested.
 */

/** The human-in-the-loop levels of the WebMCP proposal (`humanInTheLoopHint`). */
export const HITL_HINTS = ['none', 'notify', 'review', 'confirm'] as const;
export type HitlHint = (typeof HITL_HINTS)[number];

/** What `registerTool` throws: the DOMException name (or TypeError) the draft asks for. */
export class RegistrationError extends Error {
  constructor(
    readonly kind: 'InvalidStateError' | 'TypeError',
    message: string,
  ) {
    super(message);
    this.name = kind;
  }
}

export interface WebMcpAnnotations {
  readOnlyHint: boolean;
  untrustedContentHint: boolean;
  humanInTheLoopHint?: HitlHint;
  sensitiveHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A registered tool as the view lists it to the host (an MCP `Tool`); the host admits it again. */
export interface ListedTool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: WebMcpAnnotations;
}

export type ToolExecute = (input: Record<string, unknown>, client: unknown) => unknown;

export interface DescribedTool {
  listed: ListedTool;
  execute: ToolExecute;
}

export interface CallToolResultLike {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** WebIDL DOMString conversion of a dictionary member: anything but a symbol becomes a string. */
function domString(value: unknown, member: string): string {
  if (typeof value === 'symbol') throw new RegistrationError('TypeError', `${member} cannot be a symbol`);
  return String(value);
}

/**
 * The draft's "serialize a JavaScript value to a JSON string" for `inputSchema` (and the proposed
 * `outputSchema`), then the shape MCP requires of both: a JSON Schema object of type "object".
 */
function schemaOf(value: unknown, member: 'inputSchema' | 'outputSchema'): Record<string, unknown> {
  if (typeof value !== 'object' || value === null)
    throw new RegistrationError('TypeError', `${member} must be an object`);
  const text: string | undefined = JSON.stringify(value);
  if (text === undefined) throw new RegistrationError('TypeError', `${member} does not serialize to JSON`);
  const schema: unknown = JSON.parse(text);
  if (!isRecord(schema)) throw new RegistrationError('TypeError', `${member} must be a JSON Schema object`);
  if (schema.type === undefined) return { type: 'object', ...schema };
  if (schema.type !== 'object')
    throw new RegistrationError('TypeError', `${member} must describe an object (type "object")`);
  return schema;
}

function annotationsOf(value: unknown): WebMcpAnnotations {
  if (value !== undefined && value !== null && typeof value !== 'object')
    throw new RegistrationError('TypeError', 'annotations must be an object');
  const a = isRecord(value) ? value : {};
  const out: WebMcpAnnotations = {
    readOnlyHint: Boolean(a.readOnlyHint),
    untrustedContentHint: Boolean(a.untrustedContentHint),
  };
  if (a.humanInTheLoopHint !== undefined) {
    const hint = domString(a.humanInTheLoopHint, 'annotations.humanInTheLoopHint');
    if (!(HITL_HINTS as readonly string[]).includes(hint))
      throw new RegistrationError(
        'TypeError',
        `annotations.humanInTheLoopHint must be one of ${HITL_HINTS.join(', ')}`,
      );
    out.humanInTheLoopHint = hint as HitlHint;
  }
  for (const key of ['sensitiveHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
    if (a[key] !== undefined) out[key] = Boolean(a[key]);
  return out;
}

/**
 * The `registerTool(tool)` steps of the WebMCP draft (4.2) that do not touch the document: the
 * required members, a name already registered, an empty name or description, the name rule (1-128
 * of `A-Za-z0-9_.-`), the schemas. Hints are copied into MCP `annotations` as the page gave them;
 * the host's admission decides what they are worth (they can only ask for more care, never less).
 */
export function describeTool(tool: unknown, registered: ReadonlySet<string>): DescribedTool {
  if (!isRecord(tool)) throw new RegistrationError('TypeError', 'registerTool expects a tool object');
  if (tool.name === undefined) throw new RegistrationError('TypeError', 'the tool needs a name');
  if (tool.description === undefined)
    throw new RegistrationError('TypeError', 'the tool needs a description');
  if (typeof tool.execute !== 'function')
    throw new RegistrationError('TypeError', 'the tool needs an execute function');
  const name = domString(tool.name, 'name');
  const description = domString(tool.description, 'description');
  if (registered.has(name))
    throw new RegistrationError('InvalidStateError', `a tool named ${name} is already registered`);
  if (name === '' || description === '')
    throw new RegistrationError('InvalidStateError', 'the tool name and description must not be empty');
  if (!TOOL_NAME.test(name))
    throw new RegistrationError(
      'InvalidStateError',
      'a tool name is 1-128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
    );
  const listed: ListedTool = {
    name,
    description,
    inputSchema:
      tool.inputSchema === undefined
        ? { type: 'object', properties: {} }
        : schemaOf(tool.inputSchema, 'inputSchema'),
    annotations: annotationsOf(tool.annotations),
  };
  if (tool.title !== undefined && tool.title !== null) listed.title = domString(tool.title, 'title');
  if (tool.outputSchema !== undefined) listed.outputSchema = schemaOf(tool.outputSchema, 'outputSchema');
  return { listed, execute: tool.execute as ToolExecute };
}

/** What the view answers `tools/call` with when `execute` threw or rejected. */
export function errorResult(error: unknown): CallToolResultLike {
  const message = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: 'text', text: message || 'The tool failed.' }] };
}

/**
 * An `execute` return value as an MCP `CallToolResult`: a result already shaped like one (a
 * `content` array) passes as is, a string becomes text, anything else its JSON as text and, when it
 * is an object, `structuredContent` too.
 */
export function toCallToolResult(value: unknown): CallToolResultLike {
  if (value === undefined || value === null) return { content: [] };
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (isRecord(value) && Array.isArray(value.content)) {
    const result: CallToolResultLike = { content: value.content };
    if (isRecord(value.structuredContent)) result.structuredContent = value.structuredContent;
    if (value.isError === true) result.isError = true;
    return result;
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return errorResult(new Error(`the tool's result is not JSON: ${why}`));
  }
  const result: CallToolResultLike = { content: [{ type: 'text', text: text ?? String(value) }] };
  if (isRecord(value)) result.structuredContent = value;
  return result;
}
