/**
 * Untrusted content: which tool results the model must receive as data, not
 * instructions. Sources, each read only as a literal `true` (absent, `false` or any other value
 * marks nothing, and a `false` somewhere never clears a `true` elsewhere: a hint can only raise):
 * - WebMCP 4.2.1 `ToolAnnotations.untrustedContentHint` ("the tool's output contains data that is
 *   untrusted"), and 6.4.3 (the client may spotlight such a response);
 * - MCP `ToolAnnotations.openWorldHint` (the tool reaches an open world of external entities, so
 *   what it returns was written by someone else). MCP's own default for an absent `openWorldHint`
 *   is `true`; the host marks only an explicit `true`, or every unannotated tool would be marked and
 *   the mark would mean nothing;
 * - the same two hints in the tool's `_meta`, on the result (`_meta` or `annotations`), and on a
 *   single content block (`_meta` or `annotations`), where only that block is marked.
 */

export const UNTRUSTED_HINTS = ['untrustedContentHint', 'openWorldHint'] as const;
export type UntrustedHint = (typeof UNTRUSTED_HINTS)[number];
export type HintLevel = 'tool' | 'result' | 'content';
export type HintPlace = 'annotations' | '_meta';

/**
 * The SEP "Trust and Sensitivity Annotations" places: a result's `_meta.annotations`
 * (`openWorldHint`, `maliciousActivityHint`, `returnMetadata.source: untrustedPublic`) and a tool's
 * `annotations.returnMetadata.source: untrustedPublic`. Read by lib/mcplet/trust-projection.ts.
 */
export type SepUntrustedSource =
  | 'result._meta.annotations.maliciousActivityHint'
  | 'result._meta.annotations.openWorldHint'
  | 'tool.annotations.returnMetadata.source'
  | 'result._meta.annotations.returnMetadata.source';

/** Where a mark came from, as `level.place.hint` (e.g. `tool.annotations.openWorldHint`). */
export type UntrustedSource = `${HintLevel}.${HintPlace}.${UntrustedHint}` | SepUntrustedSource;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function marked(level: HintLevel, holder: unknown): UntrustedSource | undefined {
  if (!isRecord(holder)) return undefined;
  for (const place of ['annotations', '_meta'] as const) {
    const hints = holder[place];
    if (!isRecord(hints)) continue;
    for (const hint of UNTRUSTED_HINTS) if (hints[hint] === true) return `${level}.${place}.${hint}`;
  }
  return undefined;
}

/** Tool level: a listed tool (MCP `tools/list` entry or a view's tool) whose every result is untrusted. */
export function toolUntrustedSource(tool: unknown): UntrustedSource | undefined {
  return marked('tool', tool);
}

/** Result level: a `tools/call` result that marks all of its content. */
export function resultUntrustedSource(result: unknown): UntrustedSource | undefined {
  return marked('result', result);
}

/** Content level: one content block that marks only itself. */
export function blockUntrustedSource(block: unknown): UntrustedSource | undefined {
  return marked('content', block);
}

/** The source that marks a whole result: the tool's own first, then the result's. */
export function wholeResultSource(
  toolSource: UntrustedSource | undefined,
  result: unknown,
): UntrustedSource | undefined {
  return toolSource ?? resultUntrustedSource(result);
}
