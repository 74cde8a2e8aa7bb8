import { admitTools } from './admission';
import { appToolName } from './names';
import type { McpletTool, RawTool, RejectedTool } from './types';

/** A view lists at most this many tools; the rest are refused with a reason. */
export const MAX_VIEW_TOOLS = 50;

export interface ViewToolListing {
  admitted: McpletTool[];
  rejected: RejectedTool[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * MCP Apps: the tools an open view lists, admitted by the same rules as an MCP server's tools
 * (docs/security.md, "Tool metadata injection": the name rule, invisible characters, instruction-like descriptions withheld; 5.1: an
 * object input schema). The gate is read from the standard `readOnlyHint` annotation alone, through
 * the `annotations` admission mode: `readOnlyHint: true` is a read tool with no gate, anything else
 * an action behind a host-drawn confirmation. `untrustedContentHint` and `openWorldHint` (in
 * `annotations` or `_meta`) are kept: they can only mark the tool's results as untrusted data for
 * the model; `sensitiveHint` and `outputSchema` (its `x-sensitive` marks) likewise only withhold more
 from the model. `humanInTheLoopHint` and `destructiveHint` are kept too: a view's hints are never
 * trusted, so they can only raise the level (docs/gates.md). The rest of the view's `_meta` (an `mcpletType` or `auth` claim, say) is ignored, so a
 * listing cannot lower its own gate. `serverId` is the view's server
 * as the host's own records name it; view tools are offered to the model only.
 */
export function admitViewTools(
  raws: readonly unknown[],
  context: { viewId: string; serverId: string },
): ViewToolListing {
  const listed: RawTool[] = raws.slice(0, MAX_VIEW_TOOLS).map((raw) => {
    const r = isRecord(raw) ? raw : {};
    return {
      name: r.name,
      title: r.title,
      description: r.description,
      inputSchema: r.inputSchema,
      outputSchema: r.outputSchema,
      annotations: isRecord(r.annotations)
        ? {
            readOnlyHint: r.annotations.readOnlyHint,
            untrustedContentHint: r.annotations.untrustedContentHint,
            openWorldHint: r.annotations.openWorldHint,
            humanInTheLoopHint: r.annotations.humanInTheLoopHint,
            destructiveHint: r.annotations.destructiveHint,
            sensitiveHint: r.annotations.sensitiveHint,
            // SEP trust annotations: a view's are hints like any other, so they can only raise the gate.
            maliciousActivityHint: r.annotations.maliciousActivityHint,
            attribution: r.annotations.attribution,
            inputMetadata: r.annotations.inputMetadata,
            returnMetadata: r.annotations.returnMetadata,
          }
        : undefined,
      _meta: {
        visibility: ['model'],
        ...(isRecord(r._meta)
          ? {
              untrustedContentHint: r._meta.untrustedContentHint,
              openWorldHint: r._meta.openWorldHint,
              sensitiveHint: r._meta.sensitiveHint,
            }
          : {}),
      },
    };
  });
  const admitted: McpletTool[] = [];
  const rejected: RejectedTool[] = [];
  for (const result of admitTools(listed, { serverId: context.serverId, mode: 'annotations' })) {
    if (result.status === 'admitted') admitted.push({ ...result.tool, viewId: context.viewId });
    else rejected.push(result.tool);
  }
  for (const raw of raws.slice(MAX_VIEW_TOOLS)) {
    const name = isRecord(raw) && typeof raw.name === 'string' ? raw.name.slice(0, 140) : '?';
    rejected.push({
      serverId: context.serverId,
      name,
      reasons: [
        {
          code: 'TOO_MANY_TOOLS',
          section: '5.3.1',
          message: `a view may provide at most ${MAX_VIEW_TOOLS} tools; this one is not admitted`,
        },
      ],
    });
  }
  return { admitted, rejected };
}

/** The model-facing name of an admitted view tool (namespaced by its view; see `appToolName`). */
export function viewToolModelName(tool: McpletTool & { viewId: string }): string {
  return appToolName(tool.viewId, tool.name);
}
