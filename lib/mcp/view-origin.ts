import 'server-only';
import { createHash } from 'node:crypto';
import { originsFor, sandboxLabelOf, sandboxOriginFor } from '../apps/origins';
import type { ServerConnection } from './connection';
import type { McpRegistry } from './registry';
import type { ServerConfig } from './server-config';

/**
 * A server's sandbox label: a stable hash of who added it, its id and where it is (URL or argv), so
 * the same registration keeps its views' storage across restarts, and another server given a removed
 * server's id does not inherit it.
 */
export function viewLabel(
  config: Pick<ServerConfig, 'id' | 'transport' | 'source'> & { ownerId?: string },
): string {
  // A user's connection to a `perUser` operator server is theirs: its views get an origin of their own.
  const owner =
    config.source === 'user'
      ? `user:${config.ownerId ?? ''}`
      : config.ownerId === undefined
        ? 'host'
        : `host-user:${config.ownerId}`;
  const where =
    config.transport.type === 'http' ? config.transport.url : JSON.stringify(config.transport.command);
  return createHash('sha256').update(`${owner}\n${config.id}\n${where}`).digest('hex').slice(0, 24);
}

export function viewOrigin(connection: ServerConnection, env = process.env): string {
  return sandboxOriginFor(originsFor(env).sandboxPattern, viewLabel(connection.config));
}

/** The server whose views a sandbox request's Host names; none for any other host. */
export function connectionForSandboxHost(
  registry: McpRegistry,
  hostHeader: string | null,
  env = process.env,
): ServerConnection | undefined {
  const label = sandboxLabelOf(hostHeader, originsFor(env).sandboxPattern);
  if (!label) return undefined;
  return registry.list().find((c) => viewLabel(c.config) === label);
}

/**
 * MCP Apps `_meta.ui.domain`: the host defines its format. Here a server may name only its own
 * sandbox origin (or its host name), which the preview shows; any other domain is ignored, so no
 * server can ask for another server's origin or the chat's.
 */
export function domainNote(domain: string | undefined, sandboxOrigin: string): string | null {
  if (domain === undefined) return null;
  const own = new URL(sandboxOrigin);
  const named = domain.trim().toLowerCase().replace(/\/+$/, '');
  if (named === own.origin || named === own.host || named === own.hostname) return null;
  return `_meta.ui.domain "${domain.slice(0, 100)}" is not this server's view origin (${sandboxOrigin}); it was ignored`;
}
