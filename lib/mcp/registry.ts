import 'server-only';
import { type DeploymentMode, deploymentMode } from '../config/deployment';
import { getDb, LOCAL_USER_ID } from '../db';
import type { AuditEntry } from '../db/queries/audit';
import { deleteStoredServer, storeServer, updateStoredServer } from '../db/queries/servers';
import type { ApprovalRuleStore } from '../gates/remembered';
import { modelToolName } from '../mcplet/names';
import { offerToModel } from '../mcplet/offer';
import type { PolicySession } from '../mcplet/policy';
import type { AdmissionMode, McpletTool } from '../mcplet/types';
import { checkOutboundUrl, OutboundRefusedError } from '../net/guard';
import { type InstanceBus, localBus } from '../redis/instance-bus';
import { ServerConnection } from './connection';
import type { ServerOAuthBook } from './oauth/server-oauth';
import { PerUserServers } from './per-user-servers';
import type { PinBook } from './pins';
import { connectionKey, connectsPerUser, type ServerConfig, type ServerRegistration } from './server-config';
import type { TrustBook } from './trust-book';
import { prefetchUiResources } from './ui-resource';

export interface ModelTool {
  modelName: string;
  tool: McpletTool;
}

/**
 * Every server connection of the host. Routing tables (the model's tool list, name lookups) are
 * computed from the live catalogs on each call, so a re-listed or removed tool disappears at once.
 */
export class McpRegistry {
  private readonly connections = new Map<string, ServerConnection>();
  /** The operator's `perUser` servers: each user's connection is started when they first reach it. */
  readonly perUser = new PerUserServers();
  /** Where action calls are recorded (16.5); the host wires it to the database. */
  audit?: (entry: AuditEntry) => void;
  private readonly pools: ReadonlySet<string>;
  /** docs/security.md, "Rug-pulls": each user's pinned tool definitions; the host wires it to the database. */
  pins?: PinBook;
  /** Each user's remembered approvals; the host wires it to the database. */
  approvals?: ApprovalRuleStore;
  /** Each conversation's SEP trust state and the host's trust policy; wired to the database. */
  trust?: TrustBook;
  /** OAuth sign-in to HTTP servers, tokens sealed per user and server; wired to the database. */
  oauth?: ServerOAuthBook;
  /** The deployment's other instances hear of servers added, removed and reconnected here. */
  bus: InstanceBus = localBus;

  constructor(pools: ReadonlySet<string>) {
    this.pools = pools;
  }

  /** Marks a server's tools as this user may call them: `changed` when one differs from the user's pin. */
  private forUser(session: PolicySession, connection: ServerConnection): (tool: McpletTool) => McpletTool {
    const states = this.pins?.review(session.userId, connection.id, connection.catalog);
    return (tool) => {
      const state = states?.get(tool.name);
      return state ? { ...tool, pin: state } : tool;
    };
  }

  list(): ServerConnection[] {
    return [...this.connections.values()];
  }

  /** Whether this server (an operator's by id, a user's by owner and id) is already here. */
  holds(config: ServerConfig): boolean {
    return (
      this.connections.has(connectionKey(config)) ||
      (connectsPerUser(config) && this.perUser.template(config.id) !== undefined)
    );
  }

  /** The servers a user sees and uses: the operator's, and the ones they added. */
  listFor(userId: string): ServerConnection[] {
    for (const id of this.perUser.ids()) this.getFor(id, userId);
    return this.list().filter((c) => visibleTo(c, userId));
  }

  /**
   * A server by id as `userId` may reach it: one they added, else the operator's. Ids are each
   * user's own names: another user's server of the same id does not exist here.
   */
  getFor(id: string, userId: string): ServerConnection | undefined {
    return this.heldFor(id, userId) ?? this.startPerUser(id, userId);
  }

  /** As `getFor`, without starting a user's connection to a `perUser` server that is not here yet. */
  heldFor(id: string, userId: string): ServerConnection | undefined {
    return (
      this.connections.get(connectionKey({ id, source: 'user', ownerId: userId })) ??
      this.operators(id, userId)
    );
  }

  private startPerUser(id: string, userId: string): ServerConnection | undefined {
    const template = this.perUser.template(id);
    if (!template) return undefined;
    const connection = this.start({ ...template, ownerId: userId });
    this.perUser.started(connection.key, connection.connect());
    return connection;
  }

  /** The operator's server of this id: the shared connection, or the user's own to a `perUser` one. */
  private operators(id: string, userId: string): ServerConnection | undefined {
    const template = this.perUser.template(id);
    if (template) {
      const key = connectionKey({ ...template, ownerId: userId });
      const own = this.connections.get(key);
      if (own) this.perUser.reach(key);
      return own;
    }
    const connection = this.connections.get(id);
    return connection?.config.source === 'user' ? undefined : connection;
  }

  /**
   * An operator's server each user connects to on their own (`perUser`): their own MCP
   * session and their own OAuth sign-in. Nothing connects until a user reaches it.
   */
  offerPerUser(config: ServerConfig): void {
    this.perUser.offer(config);
  }

  /**
   * Before a user's request lists or calls servers: their connections to the `perUser` servers,
   * started now if new, and a new one's first connect waited for (a few seconds at most) once, so a
   * first chat turn after a start sees their tools, as the operator's shared ones are waited for.
   * A server that is down or slow is not waited for again on every request while it retries.
   */
  async reachFor(userId: string): Promise<void> {
    const keys = this.perUser.ids().flatMap((id) => this.getFor(id, userId)?.key ?? []);
    await this.perUser.waitFirstConnects(keys);
  }

  /** The admitted tool behind a name, as `session`'s user may call it (pinned, changed or new). */
  tool(serverId: string, name: string, session: PolicySession): McpletTool | undefined {
    // Every call is decided through here: another user's server has no tool for this user.
    const connection = this.getFor(serverId, session.userId);
    const tool = connection?.catalog.tools.find((t) => t.name === name);
    return connection && tool ? this.forUser(session, connection)(tool) : undefined;
  }

  /** 8.2: the model's tool list: the admitted tools `decide()` lets the model call (`offerToModel`). */
  modelTools(session: PolicySession): ModelTool[] {
    const candidates: Array<ModelTool & { surface: { kind: 'model' } }> = [];
    for (const connection of this.listFor(session.userId)) {
      if (connection.status === 'closed') continue;
      const mark = this.forUser(session, connection);
      for (const tool of connection.catalog.tools) {
        candidates.push({
          modelName: modelToolName(connection.id, tool.name),
          tool: mark(tool),
          surface: { kind: 'model' },
        });
      }
    }
    return offerToModel(candidates, session).map(({ modelName, tool }) => ({ modelName, tool }));
  }

  /** Finds the tool behind a model-facing name, among every admitted tool the user can see (offered or not). */
  resolveModelName(modelName: string, userId: string): McpletTool | undefined {
    for (const connection of this.listFor(userId)) {
      for (const tool of connection.catalog.tools) {
        if (modelToolName(connection.id, tool.name) === modelName) return tool;
      }
    }
    return undefined;
  }

  start(config: ServerConfig): ServerConnection {
    const connection = new ServerConnection(config, this.pools, () => this.oauth);
    this.connections.set(connectionKey(config), connection);
    connection.afterReconnect = () =>
      this.bus.publish({ kind: 'server-reconnected', userId: config.ownerId ?? '', serverId: config.id });
    connection.onChange(() => {
      if (connection.status !== 'ready') return;
      // docs/security.md, "Rug-pulls": a re-listing is compared with the pins at once, so the change is logged when it happens.
      // A user's server is reviewed for its owner only: another user's pins of the same id are theirs.
      const users =
        config.ownerId !== undefined
          ? [config.ownerId]
          : (this.pins?.usersOf(config.id, deploymentMode() === 'local' ? [LOCAL_USER_ID] : []) ?? []);
      for (const userId of users) this.pins?.review(userId, config.id, connection.catalog);
      prefetchUiResources(connection);
    });
    void connection.connect();
    return connection;
  }

  /**
   * Stores and starts a user's server. A command (stdio) server runs a program, so it is added only
   * with the user's confirmation of that exact command (docs/security.md, "Command execution"; command-servers.ts).
   */
  async add(
    registration: ServerRegistration,
    userId: string,
    options: { commandApproved?: boolean } = {},
  ): Promise<ServerConnection> {
    if (registration.transport.type === 'stdio' && !options.commandApproved)
      throw new RegistryError('A command (stdio) server is added only after you confirm its command.');
    if (this.heldFor(registration.id, userId) || this.perUser.template(registration.id))
      throw new RegistryError(`A server with the id "${registration.id}" already exists.`);
    if (registration.transport.type === 'http') await refuseOutbound(registration.transport.url);
    const stored = await storeServer(await getDb(), userId, registration.id, registration);
    if (!stored) throw new RegistryError(`A server with the id "${registration.id}" already exists.`);
    const connection = this.start({ ...registration, source: 'user', ownerId: userId });
    this.bus.publish({ kind: 'server-added', userId, serverId: registration.id });
    await connection.connect();
    return connection;
  }

  /**
   * Removes a server: a user's own for good; in local mode also a configured or demo server, until the
   * next start. In hosted mode the operator's servers are everyone's: no user removes them.
   */
  async remove(id: string, userId: string, mode: DeploymentMode = deploymentMode()): Promise<RemoveOutcome> {
    const connection = this.getFor(id, userId);
    if (!connection) return 'not-found';
    if (!mayManage(connection, userId, mode)) return 'operator-server';
    this.connections.delete(connectionKey(connection.config));
    await connection.close();
    if (this.perUser.withdraw(id)) {
      // A `perUser` server removed (local mode): every user's connection to it goes with it.
      const others = this.list().filter((c) => c.config.source !== 'user' && c.id === id);
      for (const other of others) {
        this.connections.delete(connectionKey(other.config));
        this.perUser.forget(connectionKey(other.config));
      }
      await Promise.all(others.map((c) => c.close()));
    }
    if (connection.config.source === 'user') {
      await deleteStoredServer(await getDb(), userId, id);
      this.pins?.forget(userId, id);
      this.bus.publish({ kind: 'server-removed', userId, serverId: id });
    }
    return 'removed';
  }

  /**
   * Switches a server's admission mode and re-admits its tools under it (5.3.1): by the rules of
   * `remove` (its owner; an operator's server only in local mode, and then until the next start). A
   * user's server keeps the mode: its stored registration changes first, then the connection.
   */
  async readmit(
    id: string,
    userId: string,
    admission: AdmissionMode,
    mode: DeploymentMode = deploymentMode(),
  ): Promise<ServerConnection | 'not-found' | 'operator-server'> {
    const connection = this.getFor(id, userId);
    if (!connection) return 'not-found';
    if (!mayManage(connection, userId, mode)) return 'operator-server';
    if (connection.config.source === 'user') {
      const { source: _source, ownerId: _owner, ...registration } = connection.config;
      await updateStoredServer(await getDb(), userId, id, { ...registration, admission });
    }
    await connection.readmit(admission);
    if (connection.config.source === 'user')
      this.bus.publish({ kind: 'server-readmitted', userId, serverId: id });
    return connection;
  }

  /**
   * Drops a user's server another instance removed (the database row is gone already): it closes
   * here too, so nothing reaches a server its owner removed, whichever instance is asked.
   */
  async detach(id: string, userId: string): Promise<void> {
    const key = connectionKey({ id, source: 'user', ownerId: userId });
    const connection = this.connections.get(key);
    if (!connection) return;
    this.connections.delete(key);
    await connection.close();
  }

  /**
   * Closes the users' connections to `perUser` servers that nobody reached for `idleMs` (their MCP
   * sessions end); the next request of that user starts a new one. Returns how many closed.
   */
  async closeIdle(idleMs: number, now = Date.now()): Promise<number> {
    const closing: ServerConnection[] = [];
    for (const key of this.perUser.takeIdle(idleMs, now)) {
      const connection = this.connections.get(key);
      if (!connection) continue;
      this.connections.delete(key);
      closing.push(connection);
    }
    await Promise.all(closing.map((c) => c.close()));
    return closing.length;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.list().map((c) => c.close()));
    this.connections.clear();
    this.perUser.clear();
  }
}

export class RegistryError extends Error {}

export type RemoveOutcome = 'removed' | 'not-found' | 'operator-server';

/** Operator servers are everyone's; a server a user added, or their connection to a `perUser` one, theirs alone. */
export function visibleTo(connection: ServerConnection, userId: string): boolean {
  return connection.config.ownerId === undefined || connection.config.ownerId === userId;
}

/** Removing a server: its owner; an operator's server only in local mode. */
export function mayManage(connection: ServerConnection, userId: string, mode: DeploymentMode): boolean {
  if (connection.config.source === 'user') return connection.config.ownerId === userId;
  return mode === 'local';
}

/**
 * Reconnecting ends the server's sessions: a user may end their own (a server they added, their
 * connection to a `perUser` one); a shared operator server's is everyone's, managed only in local mode.
 */
export function mayReconnect(connection: ServerConnection, userId: string, mode: DeploymentMode): boolean {
  return connection.config.ownerId === userId || mayManage(connection, userId, mode);
}

/**
 * A URL the outbound guard refuses (docs/security.md, "Outbound requests") is answered at once (the caller gets the rule) and never
 * stored or connected. A name that does not resolve now is left to the connection to report.
 */
async function refuseOutbound(url: string): Promise<void> {
  try {
    await checkOutboundUrl(url, { mode: deploymentMode(), addedBy: 'user' });
  } catch (error) {
    if (error instanceof OutboundRefusedError) throw error;
  }
}
