import 'server-only';
import { deploymentMode } from '../config/deployment';
import { log } from '../log/logger';
import type { InstanceEvent } from '../redis/instance-bus';
import { restartsStoredCommand } from '../trust/command-servers';
import type { McpRegistry } from './registry';
import { parseRegistration } from './server-config';

/** A user's stored registration, as the database has it now (undefined: no longer stored). */
export type LoadStored = (userId: string, serverId: string) => Promise<unknown>;

/**
 * Issue 16 item 4: applies what another instance of the deployment changed to this instance's
 * servers and pins. An added server is read back from the database (the message names it only);
 * a removed one is closed here too; a reconnect (a new sign-in, the user's Reconnect) is repeated.
 */
export async function applyInstanceEvent(
  registry: McpRegistry,
  event: InstanceEvent,
  loadStored: LoadStored,
): Promise<void> {
  switch (event.kind) {
    case 'pin':
    case 'pins-forgotten':
      registry.pins?.applyRemote(event);
      return;
    case 'server-removed':
      await registry.detach(event.serverId, event.userId);
      return;
    case 'server-reconnected':
      await registry.getFor(event.serverId, event.userId)?.reconnect(true);
      return;
    case 'server-added': {
      if (registry.getFor(event.serverId, event.userId)) return;
      const parsed = parseRegistration(await loadStored(event.userId, event.serverId));
      if (!parsed.ok) return;
      if (parsed.registration.transport.type === 'stdio' && !restartsStoredCommand(deploymentMode())) return;
      if (registry.getFor(event.serverId, event.userId)) return;
      registry.start({ ...parsed.registration, source: 'user', ownerId: event.userId });
      return;
    }
    default: {
      const unknown: never = event;
      log('warn', '[instances] an event this instance does not know', { event: unknown });
    }
  }
}
