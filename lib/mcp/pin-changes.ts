import 'server-only';
import type { AcceptOutcome, ToolChange } from './pins';
import type { McpRegistry } from './registry';

/** The pending change of one tool for one user, or why there is none to review. */
export function toolChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  toolName: string,
): { ok: true; change: ToolChange } | { ok: false; status: 404; reason: string } {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins)
    return { ok: false, status: 404, reason: `No server has the id "${serverId}".` };
  const change = registry.pins
    .changes(userId, serverId, connection.catalog)
    .find((c) => c.toolName === toolName);
  if (!change) return { ok: false, status: 404, reason: `"${toolName}" has no change waiting for review.` };
  return { ok: true, change };
}

/** Attack 18: the user accepts the definition they reviewed (its hash); it becomes the pin. */
export function acceptChange(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  toolName: string,
  hash: string,
): AcceptOutcome {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins)
    return { ok: false, status: 404, reason: `No server has the id "${serverId}".` };
  return registry.pins.accept(userId, serverId, connection.catalog, toolName, hash);
}

/**
 * The model proposed a name that was not offered (the turn's tool list is built through decide(), so
 * a changed tool is left out and the SDK refuses it): is it a tool waiting for review?
 */
export function changedToolByModelName(
  registry: McpRegistry,
  userId: string,
  modelName: string,
): { serverId: string; toolName: string } | undefined {
  const tool = registry.resolveModelName(modelName, userId);
  if (!tool) return undefined;
  const found = toolChange(registry, userId, tool.serverId, tool.name);
  return found.ok ? { serverId: tool.serverId, toolName: tool.name } : undefined;
}
