import 'server-only';
import { deploymentMode } from '../config/deployment';
import type { StoredServer } from '../db/queries/servers';
import { log } from '../log/logger';
import type { InstanceEvent } from '../redis/instance-bus';
import { restartsStoredCommand } from '../trust/command-servers';
import type { ServerConnection } from './connection';
import type { McpRegistry } from './registry';
import { connectsPerUser, parseRegistration, type ServerConfig } from './server-config';

/** A user's stored registration, as the database has it now (undefined: no longer stored). */
export type LoadStored = (userId: string, serverId: string) => Promise<unknown>;

/**
 * Applies what another instance of the deployment changed to this instance's
 * servers and pins. An added server is read back from the database (the message names it only);
 * a removed one is closed here too; a reconnect (a new sign-in, the user's Reconnect) is repeated.
 */
export async function applyInstanceEvent(
  registry: McpRegistry,
  event: InstanceEvent,
  loadStored: LoadStored,
): Promise<void> {
  switch (event.kind) {
    case 'pins':
    case 'pins-forgotten':
      registry.pins?.applyRemote(event);
      return;
    case 'server-removed':
      await registry.detach(event.serverId, event.userId);
      return;
    case 'server-reconnected':
      // Only a connection held here: a user's perUser connection this instance never made stays unmade.
      await registry.heldFor(event.serverId, event.userId)?.reconnect(true);
      return;
    case 'server-readmitted': {
      // A user's server whose admission mode its owner switched on another instance: the stored mode.
      const held = registry.heldFor(event.serverId, event.userId);
      if (held === undefined || held.config.source !== 'user') return;
      const parsed = parseRegistration(await loadStored(event.userId, event.serverId));
      if (parsed.ok) await held.readmit(parsed.registration.admission);
      return;
    }
    case 'server-added': {
      if (registry.heldFor(event.serverId, event.userId)) return;
      const parsed = parseRegistration(await loadStored(event.userId, event.serverId));
      if (!parsed.ok) return;
      if (parsed.registration.transport.type === 'stdio' && !restartsStoredCommand(deploymentMode())) return;
      if (registry.heldFor(event.serverId, event.userId)) return;
      registry.start({ ...parsed.registration, source: 'user', ownerId: event.userId });
      return;
    }
    default: {
      const unknown: never = event;
      log('warn', '[instances] an event this instance does not know', { event: unknown });
    }
  }
}

/**
 * Starts the operator's servers and the ones users stored, each once: a server another instance's
 * message started while the list was read is already here and is not started again.
 */
export async function startServers(
  registry: McpRegistry,
  configured: ServerConfig[],
  listStored: () => Promise<StoredServer[]>,
): Promise<ServerConnection[]> {
  const servers = [...configured];
  const operatorIds = new Set(configured.map((s) => s.id));
  for (const stored of await listStored()) {
    const parsed = parseRegistration(stored.registration);
    if (!parsed.ok || operatorIds.has(parsed.registration.id)) {
      log(
        'warn',
        `[mcp] skipping stored server ${stored.id}: ${parsed.ok ? 'an operator server has this id' : parsed.error}`,
      );
      continue;
    }
    if (parsed.registration.transport.type === 'stdio' && !restartsStoredCommand(deploymentMode())) {
      log(
        'warn',
        `[mcp] not starting stored command server ${stored.id}: commands added over the API run only in local mode`,
      );
      continue;
    }
    servers.push({ ...parsed.registration, source: 'user', ownerId: stored.userId });
  }
  const started: ServerConnection[] = [];
  for (const server of servers) {
    if (registry.holds(server)) continue;
    if (connectsPerUser(server)) registry.offerPerUser(server);
    else started.push(registry.start(server));
  }
  return started;
}
