import 'server-only';
import { toolLabel } from '../mcplet/tool-words';
import type { McpRegistry } from './registry';

/** A tool and its server as people read them, with the name and id they stand for. */
export interface ToolDisplayWords {
  server: string;
  tool: string;
}

/**
 * The words for a tool of a server the user knows now (the server's display name, the tool's title,
 * else its name as words); a server the user no longer has keeps its id and the name as words.
 * Only this user's servers are looked up (registry.getFor).
 */
export function toolDisplayWords(
  registry: McpRegistry,
  userId: string,
): (serverId: string, toolName: string) => ToolDisplayWords {
  return (serverId, toolName) => {
    const connection = registry.getFor(serverId, userId);
    const title = connection?.catalog.tools.find((t) => t.name === toolName)?.title;
    return { server: connection?.config.name ?? serverId, tool: toolLabel(title, toolName) };
  };
}
