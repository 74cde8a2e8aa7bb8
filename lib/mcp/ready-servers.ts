import 'server-only';
import type { ServerConnection } from './connection';
import type { McpRegistry } from './registry';

export type { ListProblem } from '../mcplet/prompts';

/**
 * The servers this user sees (their own and the operator's, `listFor`) that are connected, by name,
 * once the user's own servers have been reached; another user's server is never among them.
 */
export async function readyServers(registry: McpRegistry, userId: string): Promise<ServerConnection[]> {
  await registry.reachFor(userId);
  return registry
    .listFor(userId)
    .filter((c) => c.status === 'ready')
    .sort((a, b) => a.config.name.localeCompare(b.config.name));
}
