import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CallToolResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { buildCatalog, EMPTY_CATALOG, type ServerCatalog } from './catalog';
import { type OpenedClient, openClient, type TransportKind } from './open-client';
import type { Exchange } from './recording-transport';
import type { ServerConfig } from './server-config';

export type ConnectionStatus = 'connecting' | 'ready' | 'unavailable' | 'closed';

export interface LogEntry {
  at: number;
  level: 'info' | 'warn' | 'error';
  message: string;
}

const BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_CALL_TIMEOUT_MS = 30_000;

export class ServerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerUnavailableError';
  }
}

export interface CallOutcome {
  result: CallToolResult;
  exchange: Exchange;
}

/**
 * One MCP server: a client that is reused across requests, a catalog rebuilt on connect and on
 * `notifications/tools/list_changed` (5.3.2), and reconnection with backoff when the server dies.
 */
export class ServerConnection {
  status: ConnectionStatus = 'connecting';
  lastError: string | null = null;
  kind: TransportKind | null = null;
  serverInfo: { name: string; version: string } | null = null;
  catalog: ServerCatalog = EMPTY_CATALOG;
  readonly log: LogEntry[] = [];
  private opened: OpenedClient | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly config: ServerConfig,
    private readonly pools: ReadonlySet<string>,
  ) {}

  get id() {
    return this.config.id;
  }

  get callTimeoutMs() {
    return this.config.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  }

  /** Called whenever the catalog or status changes, so routing tables see it at once. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  private note(level: LogEntry['level'], message: string) {
    this.log.push({ at: Date.now(), level, message });
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
  }

  connect(): Promise<void> {
    if (this.status === 'closed') return Promise.resolve();
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async doConnect() {
    this.clearRetry();
    this.status = 'connecting';
    this.changed();
    try {
      const opened = await openClient(this.config.transport, CONNECT_TIMEOUT_MS);
      if ((this.status as ConnectionStatus) === 'closed') {
        await opened.client.close().catch(() => {});
        return;
      }
      this.opened = opened;
      this.kind = opened.kind;
      const info = opened.client.getServerVersion();
      this.serverInfo = info ? { name: info.name, version: info.version } : null;
      opened.stderr?.on('data', (chunk: Buffer) =>
        this.note('info', `stderr: ${chunk.toString('utf8').trimEnd().slice(0, 500)}`),
      );
      opened.client.onclose = () => this.lost('the connection closed');
      opened.client.onerror = (error) => this.note('warn', `transport: ${error.message}`);
      opened.client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
        this.note('info', 'tools/list_changed received; listing again');
        this.refreshSoon();
      });
      await this.refresh();
      this.status = 'ready';
      this.lastError = null;
      this.attempt = 0;
      this.note('info', `connected over ${opened.kind}`);
      this.changed();
    } catch (error) {
      this.lost(error instanceof Error ? error.message : String(error));
    }
  }

  /** 5.3.2: re-list and re-validate; the new catalog replaces the old one in a single assignment. */
  async refresh(): Promise<void> {
    const client = this.opened?.client;
    if (!client) return;
    this.catalog = await buildCatalog(
      client,
      { serverId: this.id, mode: this.config.admission, overlay: this.config.overlay, pools: this.pools },
      CONNECT_TIMEOUT_MS,
    );
    this.changed();
  }

  private refreshSoon() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.refresh().catch((error: unknown) => this.note('error', `re-listing failed: ${String(error)}`));
    }, 50);
  }

  private lost(reason: string) {
    if (this.status === 'closed') return;
    const wasReady = this.status === 'ready';
    this.status = 'unavailable';
    this.lastError = reason;
    this.note('error', reason);
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      opened.client.onclose = undefined;
      void opened.client.close().catch(() => {});
    }
    if (wasReady || this.attempt === 0) this.changed();
    this.scheduleRetry();
  }

  private scheduleRetry() {
    this.clearRetry();
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)] as number;
    this.attempt++;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref?.();
  }

  private clearRetry() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Drops the current connection and connects again now (the preview's Reconnect button). */
  async reconnect(): Promise<void> {
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      opened.client.onclose = undefined;
      await opened.client.close().catch(() => {});
    }
    this.attempt = 0;
    await this.connect();
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    signal?: AbortSignal,
  ): Promise<CallOutcome> {
    const opened = this.opened;
    if (!opened || this.status !== 'ready') {
      throw new ServerUnavailableError(
        `${this.config.name} is ${this.status === 'connecting' ? 'still connecting' : 'unavailable'}${this.lastError ? `: ${this.lastError}` : ''}`,
      );
    }
    const params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> } = {
      name,
      arguments: args,
    };
    if (meta) params._meta = meta;
    const exchange = opened.transport.watch(params);
    const result = (await opened.client.callTool(params, CallToolResultSchema, {
      timeout: this.callTimeoutMs,
      signal,
    })) as CallToolResult;
    return { result, exchange };
  }

  async readResource(uri: string) {
    const opened = this.opened;
    if (!opened || this.status !== 'ready')
      throw new ServerUnavailableError(`${this.config.name} is unavailable`);
    return opened.client.readResource({ uri }, { timeout: this.callTimeoutMs });
  }

  async listResources() {
    const opened = this.opened;
    if (!opened || this.status !== 'ready')
      throw new ServerUnavailableError(`${this.config.name} is unavailable`);
    return opened.client.listResources(undefined, { timeout: this.callTimeoutMs });
  }

  /** Marks the server down after a call failed on the wire; reconnection starts in the background. */
  markUnavailable(reason: string) {
    if (this.status === 'ready') this.lost(reason);
  }

  async close(): Promise<void> {
    this.status = 'closed';
    this.clearRetry();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      opened.client.onclose = undefined;
      await opened.client.close().catch(() => {});
    }
    this.changed();
  }
}
