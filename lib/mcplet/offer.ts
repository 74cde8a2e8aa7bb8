import { type CallSurface, decide, type PolicySession } from './policy';
import type { McpletTool } from './types';

/** A tool the model could be offered, under its model-facing name, with the surface its calls take. */
export interface OfferCandidate {
  modelName: string;
  tool: McpletTool;
  surface: CallSurface;
}

/**
 * 8.2: the model's tool list. Every candidate (an MCP server's tool, or a tool an open view
 * provides) is offered only if `decide()` would let the model propose a call to it on its surface;
 * nothing else filters what the model sees.
 */
export function offerToModel<T extends OfferCandidate>(
  candidates: readonly T[],
  session: PolicySession,
): T[] {
  return candidates.filter((c) => decide(c.tool, c.surface, {}, session).allow);
}
