import 'server-only';
import { DEMO_SERVERS, demoServerUrl } from '../../servers/manifest';
import { hostConfig } from '../config/load';
import { embeddedDb, getDb } from '../db';
import { addApprovalRule, dropApprovalRulesForTool, findCoveringRule } from '../db/queries/approval-rules';
import { recordAudit } from '../db/queries/audit';
import { deletePinsOf, listPins, savePin } from '../db/queries/pins';
import { listStoredServers, storedServer } from '../db/queries/servers';
import { loadTrustState, saveTrustState } from '../db/queries/trust-state';
import { dropRulesOfChangedTools } from '../gates/remembered';
import { log } from '../log/logger';
import { getRedis } from '../redis/client';
import { firstClaim } from '../redis/first-claim';
import { instanceBus } from '../redis/instance-bus';
import { databaseAuthStore } from './oauth/server-auth-store';
import { ServerOAuthBook } from './oauth/server-oauth';
import { FIRST_CONNECT_WAIT_MS } from './per-user-servers';
import { PinBook } from './pins';
import { McpRegistry } from './registry';
import { applyInstanceEvent, startServers } from './registry-sync';
import { hostSamplingServices } from './sampling-host';
import { configureSampling } from './sampling-services';
import type { ServerConfig } from './server-config';
import { TrustBook } from './trust-book';

/** A changed tool is reported once per deployment within this time (every instance sees it). */
const REPORT_ONCE_MS = 24 * 3600_000;

/** A user's connection to a `perUser` server closes after this long unreached (checked every minute). */
const PER_USER_IDLE_MS = 30 * 60_000;

function configuredServers(): ServerConfig[] {
  const config = hostConfig();
  const servers: ServerConfig[] = config.servers.map((s) => ({ ...s, source: 'config' }));
  if (config.demoServers) {
    for (const demo of DEMO_SERVERS) {
      if (servers.some((s) => s.id === demo.id)) continue;
      servers.push({
        id: demo.id,
        name: demo.name,
        transport: { type: 'http', url: demoServerUrl(demo) },
        admission: 'strict',
        source: 'demo',
      });
    }
  }
  return servers;
}

/** The host's registry: wired to the database, the other instances and its configured servers. */
async function createRegistry(): Promise<McpRegistry> {
  const registry = new McpRegistry(new Set(Object.keys(hostConfig().pools)));
  const db = await getDb();
  registry.bus = instanceBus();
  registry.audit = (entry) => {
    recordAudit(db, entry).catch((error: unknown) =>
      log('error', '[audit] could not record an action call:', { error }),
    );
  };
  registry.pins = new PinBook({
    save: (pin) => savePin(db, pin),
    forget: async (userId, serverId) => {
      await deletePinsOf(db, userId, serverId);
    },
    audit: (entry) => registry.audit?.(entry),
    announce: (event) => registry.bus.publish(event),
    ...(process.env.REDIS_URL
      ? { firstToReport: async (key: string) => firstClaim(await getRedis(), key, REPORT_ONCE_MS) }
      : {}),
  });
  registry.pins.load(await listPins(db));
  registry.trust = new TrustBook(
    hostConfig().trustPolicy,
    {
      load: (userId, conversationId) => loadTrustState(db, userId, conversationId),
      save: (userId, conversationId, state) => saveTrustState(db, userId, conversationId, state),
    },
    { soleWriter: embeddedDb() },
  );
  registry.oauth = new ServerOAuthBook(databaseAuthStore);
  registry.approvals = {
    find: (call) => findCoveringRule(db, call),
    add: (rule) => addApprovalRule(db, rule),
  };
  configureSampling(hostSamplingServices(registry, db));
  dropRulesOfChangedTools(registry.pins, (userId, serverId, name) =>
    dropApprovalRulesForTool(db, userId, serverId, name),
  );
  // What another instance adds, removes, reconnects or pins is applied here too, from before the
  // stored servers are read: a server added meanwhile is started by its message (and only once).
  await registry.bus.subscribe((event) => {
    applyInstanceEvent(registry, event, (userId, id) => storedServer(db, userId, id)).catch(
      (error: unknown) =>
        log('error', '[instances] could not apply an event from another instance', { error }),
    );
  });
  const connections = await startServers(registry, configuredServers(), () => listStoredServers(db));
  setInterval(() => {
    registry
      .closeIdle(PER_USER_IDLE_MS)
      .catch((error: unknown) => log('warn', '[mcp] could not close idle per-user connections', { error }));
  }, 60_000).unref();
  await Promise.race([
    Promise.all(connections.map((c) => c.connect())),
    new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_WAIT_MS).unref()),
  ]);
  return registry;
}

const holder = globalThis as unknown as { __mcpletRegistry?: Promise<McpRegistry> };

export function getRegistry(): Promise<McpRegistry> {
  holder.__mcpletRegistry ??= createRegistry().catch((error: unknown) => {
    holder.__mcpletRegistry = undefined;
    throw error;
  });
  return holder.__mcpletRegistry;
}
