import 'server-only';
import type { CallToolResult, CompleteRequestParams } from '@modelcontextprotocol/client';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { ResultSchema } from '@modelcontextprotocol/core';
import { z } from 'zod';
import { setCapped } from '../capped-map';
import { deploymentMode } from '../config/deployment';
import { type AdmissionSwitch, admissionSwitch } from '../mcplet/admission-switch';
import type { IconSource } from '../mcplet/icons';
import { serverRunsToolTasks } from '../mcplet/tasks';
import type { AdmissionMode } from '../mcplet/types';
import { undeclaredApprovalTools } from '../mcplet/verified-approval';
import type { OutboundPolicy } from '../net/address-rules';
import { OutboundRefusedError } from '../net/guard';
import { buildCatalog, EMPTY_CATALOG, type ServerCatalog } from './catalog';
import { type ChangeFilter, listenForChanges } from './change-listener';
import { headerSecrets } from './custom-headers';
import { handleElicitation } from './elicitation';
import { originOf, outsideAnyCall } from './elicitation-scope';
import { elicitationStore } from './elicitation-store';
import { extensionContent } from './extension-content';
import { listStale } from './list-freshness';
import type { LogLevel, LogLevelControl } from './log-levels';
import type { ServerOAuthBook } from './oauth/server-oauth';
import { type OpenedClient, openClient, type TransportKind } from './open-client';
import { PromptList } from './prompts';
import { isModernRevision } from './protocol-revision';
import type { Exchange } from './recording-transport';
import { ResourceList, TemplateList } from './resources';
import { handleSampling } from './sampling';
import { connectionKey, type ServerConfig } from './server-config';
import { readServerInfo } from './server-info';
import { type HostNoteLevel, MODERN_CALL_LOG_LEVEL, ServerLog, type StoredLogEntry } from './server-log';
import { SessionTrace } from './session-trace';
import { runToolTask, type TaskReport } from './task-call';
import { AuthorizationRequiredError, httpStatusOf, safeErrorText } from './wire-errors';

/**
 * `refused`: the outbound guard refuses the address (lib/net); `authorization-required`: the server
 * answered HTTP 401. Neither is retried: only Reconnect (or a configuration change) tries again.
 */
export type ConnectionStatus =
  | 'connecting'
  | 'ready'
  | 'unavailable'
  | 'refused'
  | 'authorization-required'
  | 'closed';

type StoppedStatus = 'refused' | 'authorization-required';

export type LogEntry = StoredLogEntry;

/** A resources/read answer kept whole for the host's own reading (lib/mcplet/resource-projection.ts). */
const LenientReadResource = z.looseObject({ contents: z.array(z.unknown()) });

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
  /** The protocol revision agreed with the server: 2026-07-28 (stateless) or a 2025-era one (sessions). */
  protocolVersion: string | null = null;
  /** What the server says about using it (`instructions`), as it said it; the model gets it projected. */
  instructions: string | null = null;
  /** Who the server says it is; `title` and `icon` (MCP 2025-11-25) as the host may show them. */
  serverInfo: { name: string; version: string; title?: string; icon?: IconSource } | null = null;
  private listed: ServerCatalog = EMPTY_CATALOG;
  /** The server's MCP prompts (prompts.ts), listed beside its tools. */
  private readonly promptList = new PromptList(
    (level, message) => this.note(level, message),
    CONNECT_TIMEOUT_MS,
  );
  /** The server's MCP resources and resource templates (resources.ts), listed beside its tools. */
  private readonly resourceList = new ResourceList(
    (level, message) => this.note(level, message),
    CONNECT_TIMEOUT_MS,
  );
  private readonly templateList = new TemplateList(
    (level, message) => this.note(level, message),
    CONNECT_TIMEOUT_MS,
  );
  /** Resources this session subscribed to (2025-era resources/subscribe); a new session has none. */
  private readonly subscribed = new Set<string>();
  /** When the server last said a resource changed (notifications/resources/updated), by URI. */
  private readonly updatedAt = new Map<string, number>();
  /** Whether a subscriptions/listen stream for tool changes is open (2026-07-28). */
  private listening = false;
  /** A re-listing of a stale list is under way. */
  private relisting = false;
  /** The preview's log of this server: host notes, its log messages, its stderr (server-log.ts). */
  private readonly serverLog: ServerLog;
  /** Every JSON-RPC message of this server's sessions, both ways, masked when read (session-trace.ts). */
  readonly trace: SessionTrace;
  private settings: ServerConfig;
  /** The level last set with `logging/setLevel`; set again on every new session. */
  private logLevel: LogLevel | null = null;
  private opened: OpenedClient | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;
  private renewing: Promise<OpenedClient> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    config: ServerConfig,
    private readonly pools: ReadonlySet<string>,
    /** The host's OAuth for HTTP servers (absent in tests that need none). */
    private readonly oauth: () => ServerOAuthBook | undefined = () => undefined,
  ) {
    this.settings = config;
    this.serverLog = new ServerLog(() => ({ name: this.config.name, key: this.key }), {
      secrets: () => this.secrets(),
    });
    this.trace = new SessionTrace(() => this.secrets());
  }

  /** The server's registration; only its admission mode changes while it runs (`readmit`). */
  get config(): ServerConfig {
    return this.settings;
  }

  /** The secret values of the server's own headers, masked wherever the preview shows what it sent. */
  private secrets(): string[] {
    const { transport } = this.settings;
    return transport.type === 'http' ? headerSecrets(transport.headers) : [];
  }

  /** Whether this session runs `tools/call` as a task (lib/mcplet/tasks.ts). */
  private runsToolTasks(): boolean {
    const client = this.opened?.client;
    return client
      ? serverRunsToolTasks(client.getServerCapabilities(), isModernRevision(this.protocolVersion))
      : false;
  }

  /** What switching to `to` would do to the tools as last listed; null before a first listing. */
  admissionSwitch(to: AdmissionMode): AdmissionSwitch | null {
    const { listed } = this.listed;
    if (!listed) return null;
    const context = {
      serverId: this.id,
      overlay: this.config.overlay,
      pools: this.pools,
      tasks: this.runsToolTasks(),
    };
    return admissionSwitch(listed, context, this.config.admission, to);
  }

  /**
   * Switches the admission mode (5.3.1, DESIGN.md modes) and lists the tools again under it: the new
   * catalog replaces the old one at once, and pins are reviewed against it as on any re-listing.
   */
  async readmit(admission: AdmissionMode): Promise<void> {
    if (admission === this.settings.admission) return;
    const from = this.settings.admission;
    this.settings = { ...this.settings, admission };
    this.note('info', `admission switched from ${from} to ${admission}; listing the tools again`);
    await this.refresh();
  }

  get id() {
    return this.config.id;
  }

  /**
   * The admitted tools as last listed. A list the server said is no longer fresh (SEP-2549) is
   * listed again in the background: this read gets the current one, a later read the new one.
   */
  get catalog(): ServerCatalog {
    const connection = { modern: isModernRevision(this.protocolVersion), listening: this.listening };
    if (
      this.status === 'ready' &&
      !this.refreshTimer &&
      !this.relisting &&
      listStale(this.listed, Date.now(), connection)
    ) {
      this.relisting = true;
      this.refreshSoon();
    }
    return this.listed;
  }

  /** The server's prompts as last listed; a stale 2026-07-28 list is listed again in the background. */
  get prompts() {
    const client = this.status === 'ready' ? this.opened?.client : undefined;
    return this.promptList.read(client, isModernRevision(this.protocolVersion));
  }

  /** Why the server's prompts could not be listed last time, if they could not. */
  get promptsError(): string | null {
    return this.promptList.error;
  }

  /** The server's resources and templates as last listed (stale 2026-07-28 lists listed again). */
  get resources() {
    const client = this.status === 'ready' ? this.opened?.client : undefined;
    const modern = isModernRevision(this.protocolVersion);
    return {
      resources: this.resourceList.read(client, modern),
      templates: this.templateList.read(client, modern),
    };
  }

  /** Why the server's resources could not be listed last time, if they could not. */
  get resourcesError(): string | null {
    return this.resourceList.error ?? this.templateList.error;
  }

  /** What the server declared it offers (its capabilities), while connected. */
  get capabilities() {
    return this.opened?.client.getServerCapabilities();
  }

  /** This server among all the host's: its id, with its owner's for a server a user added. */
  get key() {
    return connectionKey(this.config);
  }

  /** Servers added over the API are the user's choice; configured and demo servers the operator's. */
  get outboundPolicy(): OutboundPolicy {
    return { mode: deploymentMode(), addedBy: this.config.source === 'user' ? 'user' : 'operator' };
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

  /** Every entry of the server's log, oldest first, masked. */
  get log(): StoredLogEntry[] {
    return this.serverLog.entries();
  }

  private note(level: HostNoteLevel, message: string) {
    this.serverLog.note(level, message);
  }

  connect(): Promise<void> {
    if (this.status === 'closed') return Promise.resolve();
    this.connecting ??= this.doConnect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private open(): Promise<OpenedClient> {
    // A session opened during a call outlives it: its streams must not carry the call's origin.
    return outsideAnyCall(async () => {
      const { transport } = this.config;
      const book = this.oauth();
      const provider = await book?.connectionProvider(this.config, this.outboundPolicy);
      const auth =
        book && transport.type === 'http'
          ? {
              provider,
              fetch: book.fetchForConnection(new URL(transport.url), this.outboundPolicy, provider),
            }
          : undefined;
      return openClient(
        transport,
        CONNECT_TIMEOUT_MS,
        this.outboundPolicy,
        this.config.name,
        auth,
        (direction, message) => this.trace.record(direction, message),
      );
    });
  }

  private attach(opened: OpenedClient) {
    this.opened = opened;
    this.kind = opened.kind;
    this.protocolVersion = opened.client.getNegotiatedProtocolVersion() ?? null;
    this.instructions = opened.client.getInstructions() ?? null;
    const info = opened.client.getServerVersion();
    this.serverInfo = info ? readServerInfo(info) : null;
    if (opened.stderr) {
      const stderr = this.serverLog.stderrReader();
      opened.stderr.on('data', stderr.data);
      opened.stderr.on('end', stderr.end);
    }
    // Whose call a message came during (its stream's async context): a shared server's log is per user.
    opened.client.setNotificationHandler('notifications/message', async (notification) => {
      this.serverLog.message(notification.params, originOf(this.key)?.userId);
    });
    opened.client.onclose = () => this.lost('the connection closed');
    opened.client.onerror = (error) => this.note('warn', `transport: ${safeErrorText(error)}`);
    opened.client.setNotificationHandler('notifications/tools/list_changed', async () => {
      this.note('info', 'tools/list_changed received; listing again');
      this.refreshSoon();
    });
    opened.client.setNotificationHandler('notifications/prompts/list_changed', async () => {
      this.note('info', 'prompts/list_changed received; listing prompts again');
      this.promptList.refreshSoon(opened.client);
    });
    this.subscribed.clear();
    opened.client.setNotificationHandler('notifications/resources/updated', async (notification) => {
      setCapped(this.updatedAt, notification.params.uri, Date.now(), 1_000);
    });
    opened.client.setNotificationHandler('notifications/resources/list_changed', async () => {
      this.note('info', 'resources/list_changed received; listing resources again');
      this.relistResources(opened);
    });
    opened.client.setRequestHandler('elicitation/create', (request, ctx) =>
      handleElicitation(this.key, request.params, ctx.mcpReq.signal),
    );
    opened.client.setNotificationHandler('notifications/elicitation/complete', async (notification) => {
      elicitationStore().complete(this.key, notification.params.elicitationId);
    });
    opened.client.setRequestHandler('sampling/createMessage', (request, ctx) =>
      handleSampling(this.key, request.params, ctx.mcpReq.signal),
    );
  }

  private detach(opened: OpenedClient | null) {
    if (!opened) return;
    if (this.opened === opened) this.opened = null;
    opened.client.onclose = undefined;
    void opened.client.close().catch(() => {});
  }

  private async doConnect() {
    this.clearRetry();
    this.status = 'connecting';
    this.changed();
    try {
      const opened = await this.open();
      if ((this.status as ConnectionStatus) === 'closed') {
        await opened.client.close().catch(() => {});
        return;
      }
      this.attach(opened);
      await this.restoreLogLevel(opened);
      await this.listAll(opened);
      this.status = 'ready';
      this.lastError = null;
      this.attempt = 0;
      this.note('info', `connected over ${opened.kind}`);
      this.changed();
      this.listenForChanges(opened);
    } catch (error) {
      if (!this.stopFor(error)) this.lost(safeErrorText(error));
    }
  }

  /** Tools, prompts, resources and templates, listed together when a session opens. */
  private async listAll(opened: OpenedClient) {
    await Promise.all([
      this.refresh(),
      this.promptList.refresh(opened.client),
      this.resourceList.refresh(opened.client),
      this.templateList.refresh(opened.client),
    ]);
  }

  private relistResources(opened: OpenedClient) {
    this.resourceList.refreshSoon(opened.client);
    this.templateList.refreshSoon(opened.client);
  }

  /** A 2026-07-28 server's tool and prompt changes, on the stream the host opens (change-listener.ts). */
  private listenForChanges(opened: OpenedClient) {
    if (!isModernRevision(this.protocolVersion)) return;
    const declared = opened.client.getServerCapabilities();
    const filter: ChangeFilter = {
      ...(declared?.tools?.listChanged ? { toolsListChanged: true as const } : {}),
      ...(declared?.prompts?.listChanged ? { promptsListChanged: true as const } : {}),
      ...(declared?.resources?.listChanged ? { resourcesListChanged: true as const } : {}),
    };
    if (!filter.toolsListChanged && !filter.promptsListChanged && !filter.resourcesListChanged) return;
    void listenForChanges(opened.client, filter, {
      current: () => this.opened === opened && this.status !== 'closed',
      reopened: () => {
        if (filter.toolsListChanged) this.refreshSoon();
        if (filter.promptsListChanged) this.promptList.refreshSoon(opened.client);
        if (filter.resourcesListChanged) this.relistResources(opened);
      },
      listening: (honored) => {
        this.listening = honored.tools;
        this.promptList.listening = honored.prompts;
        this.resourceList.listening = honored.resources;
        this.templateList.listening = honored.resources;
      },
      note: (level, message) => this.note(level, message),
    });
  }

  /** A refusal or an HTTP 401 stops the connection without a retry; true when `error` was one. */
  private stopFor(error: unknown): boolean {
    let status: StoppedStatus | null = null;
    let reason = '';
    if (error instanceof OutboundRefusedError) {
      status = 'refused';
      reason = error.message;
    } else if (
      error instanceof AuthorizationRequiredError ||
      error instanceof UnauthorizedError ||
      httpStatusOf(error) === 401
    ) {
      status = 'authorization-required';
      reason = new AuthorizationRequiredError(this.config.name).message;
    }
    if (!status || this.status === 'closed') return status !== null;
    this.clearRetry();
    this.status = status;
    this.lastError = reason;
    this.note('error', reason);
    this.detach(this.opened);
    this.changed();
    return true;
  }

  /** 5.3.2: re-list and re-validate; the new catalog replaces the old one in a single assignment. */
  async refresh(): Promise<void> {
    const client = this.opened?.client;
    if (!client) return;
    this.listed = await buildCatalog(
      client,
      {
        serverId: this.id,
        mode: this.config.admission,
        overlay: this.config.overlay,
        pools: this.pools,
        tasks: this.runsToolTasks(),
      },
      CONNECT_TIMEOUT_MS,
    );
    const undeclared = undeclaredApprovalTools(client.getServerCapabilities(), this.listed.tools);
    if (undeclared.length > 0)
      this.note(
        'warn',
        `SEP-2672: ${undeclared.join(', ')} ask for verified approval but the server did not declare the verifiedApproval capability; they are still gated at "verified"`,
      );
    this.changed();
  }

  private refreshSoon() {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      this.refresh()
        .catch((error: unknown) => this.note('error', `re-listing failed: ${safeErrorText(error)}`))
        .finally(() => {
          this.relisting = false;
        });
    }, 50);
  }

  private lost(reason: string) {
    if (this.status === 'closed' || this.status === 'refused' || this.status === 'authorization-required')
      return;
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

  /** Told after a reconnect asked here (not one another instance asked for): the registry tells the others. */
  afterReconnect?: () => void;

  /**
   * Drops the current connection and connects again now (the preview's Reconnect button, a new
   * sign-in). `quiet`: another instance asked for it, so nobody else is told again.
   */
  async reconnect(quiet = false): Promise<void> {
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      opened.client.onclose = undefined;
      await opened.client.close().catch(() => {});
    }
    this.attempt = 0;
    await this.connect();
    if (!quiet) this.afterReconnect?.();
  }

  private unavailable(): ServerUnavailableError {
    const name = this.config.name;
    if (this.status === 'connecting') return new ServerUnavailableError(`${name} is still connecting`);
    if (this.status === 'refused' || this.status === 'authorization-required')
      return new ServerUnavailableError(this.lastError ?? `${name} is ${this.status}`);
    return new ServerUnavailableError(`${name} is unavailable${this.lastError ? `: ${this.lastError}` : ''}`);
  }

  /**
   * Runs one request on the current session. A server that forgot the session answers HTTP 404 to
   * a request carrying `mcp-session-id`: MCP requires a new `initialize`, so the host opens a new
   * session once and retries the request once; a second 404 is an error.
   */
  private async onWire<T>(run: (opened: OpenedClient) => Promise<T>): Promise<T> {
    const opened = this.opened;
    if (!opened || this.status !== 'ready') throw this.unavailable();
    try {
      return await run(opened);
    } catch (error) {
      if (httpStatusOf(error) !== 404 || !opened.transport.sessionId) throw this.failure(error);
      this.note(
        'warn',
        'the server forgot the session (HTTP 404); initializing a new session and retrying once',
      );
      const fresh = await this.renewSession(opened);
      try {
        return await run(fresh);
      } catch (second) {
        if (httpStatusOf(second) === 404)
          throw new Error(`${this.config.name} answered HTTP 404 again after a new session was initialized`);
        throw this.failure(second);
      }
    }
  }

  private renewSession(stale: OpenedClient): Promise<OpenedClient> {
    if (this.opened && this.opened !== stale && this.status === 'ready') return Promise.resolve(this.opened);
    this.renewing ??= (async () => {
      this.detach(stale);
      try {
        const opened = await this.open();
        if ((this.status as ConnectionStatus) !== 'ready') {
          await opened.client.close().catch(() => {});
          throw this.unavailable();
        }
        this.attach(opened);
        await this.restoreLogLevel(opened);
        await this.listAll(opened);
        this.note('info', `new session over ${opened.kind}`);
        return opened;
      } catch (error) {
        const failure = this.failure(error);
        if (this.status === 'ready') this.lost(safeErrorText(error));
        throw failure;
      }
    })().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /** What a failed request throws: a refusal or a 401 stops the connection; no remote body is kept. */
  private failure(error: unknown): unknown {
    if (error instanceof ServerUnavailableError) return error;
    if (this.stopFor(error)) return this.unavailable();
    if (httpStatusOf(error) !== undefined) return new Error(`${this.config.name}: ${safeErrorText(error)}`);
    return error;
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    signal?: AbortSignal,
    onProgress?: (params: unknown) => void,
  ): Promise<CallOutcome> {
    const params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> } = {
      name,
      arguments: args,
    };
    if (meta) params._meta = meta;
    return this.onWire(async (opened) => {
      const watching = opened.transport.watch(args);
      try {
        // The SDK's callTool: on a 2026-07-28 connection it mirrors the arguments a tool declares
        // (x-mcp-header) into Mcp-Param headers (SEP-2243). It is given the input schema as listed;
        // the output schema is the host's to check (output-check.ts).
        const inputSchema = this.listed.tools.find((t) => t.name === name)?.inputSchema;
        const result = await opened.client.callTool(params, {
          timeout: this.callTimeoutMs,
          signal,
          // A progress token on every call (utilities/progress): a server that says how far it has
          // come is not silent, so each notification starts the call's timeout again.
          onprogress: (progress) => onProgress?.(progress),
          resetTimeoutOnProgress: true,
          ...(inputSchema
            ? { toolDefinition: { name, inputSchema: { ...inputSchema, type: 'object' } } }
            : {}),
        });
        // Extension items (secret_reference) are read from the response as the server sent it; the
        // result's type names MCP's items only, and the extension items are checked where they are
        // read (lib/trust/secret-reference.ts).
        const content = extensionContent(watching.exchange.response);
        const read = content ? ({ ...result, content } as CallToolResult) : result;
        return { result: read, exchange: watching.exchange };
      } finally {
        watching.done();
      }
    });
  }

  /**
   * `tools/call` as a task (lib/mcp/task-call.ts), for a tool and server that run it as one
   * (lib/mcplet/tasks.ts). The exchange kept is the call that created the task.
   */
  async callToolAsTask(
    name: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown> | undefined,
    signal?: AbortSignal,
    onTask?: (task: TaskReport) => void,
  ): Promise<CallOutcome & { task: TaskReport }> {
    const params = { name, arguments: args, ...(meta ? { _meta: meta } : {}) };
    return this.onWire(async (opened) => {
      const watching = opened.transport.watch(args);
      try {
        const { result, task } = await runToolTask(opened.client, params, {
          timeoutMs: this.callTimeoutMs,
          signal,
          onTask,
        });
        return { result, exchange: watching.exchange, task };
      } finally {
        watching.done();
      }
    });
  }

  /** SEP-2672's approval methods (client to server) on the current session; refusals are McpErrors. */
  async approvalRequest(
    method: 'approval/enroll/begin' | 'approval/enroll/finish' | 'approval/challenge/create',
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    return this.onWire((opened) =>
      opened.client.request({ method, params }, ResultSchema, { timeout: this.callTimeoutMs }),
    );
  }

  async readResource(uri: string) {
    return this.onWire((opened) => opened.client.readResource({ uri }, { timeout: this.callTimeoutMs }));
  }

  /**
   * MCP `resources/read` with the answer as the server sent it: the SDK's own schema drops a contents
   * item's `annotations`, which say whom it is for (lib/mcplet/resource-projection.ts reads them).
   */
  async readResourceAsSent(uri: string) {
    return this.onWire((opened) =>
      opened.client.request({ method: 'resources/read', params: { uri } }, LenientReadResource, {
        timeout: this.callTimeoutMs,
      }),
    );
  }

  /**
   * 2025-era `resources/subscribe` for a resource a message attached, once per session; false when
   * the server does not offer subscriptions. A 2026-07-28 server's subscriptions/listen form is not
   * used yet.
   */
  async subscribeResource(uri: string): Promise<boolean> {
    if (!this.capabilities?.resources?.subscribe || isModernRevision(this.protocolVersion)) return false;
    if (this.subscribed.has(uri)) return true;
    try {
      await this.onWire((opened) =>
        opened.client.subscribeResource({ uri }, { timeout: this.callTimeoutMs }),
      );
    } catch (error) {
      // A refused subscription only means no "changed" mark on the chip.
      this.note('warn', `resources/subscribe failed: ${safeErrorText(error)}`);
      return false;
    }
    if (this.subscribed.size < 1_000) this.subscribed.add(uri);
    return true;
  }

  /** When the server last said the resource changed, if it did while connected. */
  resourceUpdatedAt(uri: string): number | undefined {
    return this.updatedAt.get(uri);
  }

  async listResources() {
    return this.onWire((opened) => opened.client.listResources(undefined, { timeout: this.callTimeoutMs }));
  }

  /** MCP `prompts/get` on the current session; lib/mcp/prompts-api.ts checks the arguments and reads the answer. */
  async getPrompt(name: string, args: Record<string, string>) {
    return this.onWire((opened) =>
      opened.client.getPrompt({ name, arguments: args }, { timeout: this.callTimeoutMs }),
    );
  }

  /** MCP `completion/complete` on the current session (only asked of a server that declares `completions`). */
  async complete(params: CompleteRequestParams) {
    return this.onWire((opened) => opened.client.complete(params, { timeout: this.callTimeoutMs }));
  }

  /**
   * Whether the preview may set this server's log level: `logging/setLevel` is a 2025-era request,
   * for servers that declare the `logging` capability; 2026-07-28 removed it (SEP-2575).
   */
  get logLevelControl(): LogLevelControl {
    const level = this.logLevel;
    if (this.status !== 'ready' || !this.opened)
      return { settable: false, why: 'not-connected', reason: 'Not connected.', level };
    if (isModernRevision(this.protocolVersion))
      return {
        settable: false,
        why: 'modern',
        reason: `MCP ${this.protocolVersion} removed logging/setLevel: the host asks for ${MODERN_CALL_LOG_LEVEL} and above with each call.`,
        level,
      };
    if (!this.opened.client.getServerCapabilities()?.logging)
      return {
        settable: false,
        why: 'not-offered',
        reason: 'The server does not declare the logging capability.',
        level,
      };
    return { settable: true, level };
  }

  /** `logging/setLevel` on the current session; remembered and sent again on every new one. */
  async setLogLevel(level: LogLevel): Promise<void> {
    await this.onWire((opened) => opened.client.setLoggingLevel(level, { timeout: this.callTimeoutMs }));
    this.logLevel = level;
    this.note('info', `log level set to ${level}`);
  }

  /** A new session starts at the server's default level: the one set before is set again (2025-era only). */
  private async restoreLogLevel(opened: OpenedClient) {
    const level = this.logLevel;
    if (!level || isModernRevision(this.protocolVersion)) return;
    if (!opened.client.getServerCapabilities()?.logging) return;
    try {
      await opened.client.setLoggingLevel(level, { timeout: CONNECT_TIMEOUT_MS });
      this.note('info', `log level set to ${level} again`);
    } catch (error) {
      this.note('warn', `could not set the log level to ${level} again: ${safeErrorText(error)}`);
    }
  }

  /** Marks the server down after a call failed on the wire; reconnection starts in the background. */
  markUnavailable(reason: string) {
    if (this.status === 'ready') this.lost(reason);
  }

  async close(): Promise<void> {
    this.status = 'closed';
    this.clearRetry();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.promptList.stop();
    this.resourceList.stop();
    this.templateList.stop();
    const opened = this.opened;
    this.opened = null;
    if (opened) {
      opened.client.onclose = undefined;
      await opened.client.close().catch(() => {});
    }
    this.changed();
  }
}
