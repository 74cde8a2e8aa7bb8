import { deploymentMode } from '../config/deployment';
import { modelToolName } from '../mcplet/names';
import { gateVerdict, usualCaller } from '../mcplet/policy';
import type { TrustVerdict } from '../mcplet/trust-escalation';
import type { McpletTool, RejectedTool } from '../mcplet/types';
import type { ServerConnection } from './connection';
import { type HeaderSummary, headerSummary } from './custom-headers';
import type { LogLevelControl, ServerLogEntry } from './log-levels';
import type { SignInStatus } from './oauth/server-oauth';
import { changedViewsOf } from './pin-changes';
import type { PinBook, ToolChange, ViewChange } from './pins';
import { hintsTrusted } from './server-config';
import { entriesFor, SHOWN } from './server-log';

export interface ToolView extends Omit<McpletTool, 'icon'> {
  modelName: string;
  /** The tool has an icon the host shows (GET /api/icons?server=&tool=). */
  hasIcon?: true;
  /**
   * The gate level of a call in an empty conversation and the rule that decided it (docs/gates.md);
   * the tool's own trust declarations (e.g. irreversible outcomes) count, a conversation's data cannot yet.
   */
  gate: TrustVerdict;
  resultSchema?: {
    uri: string;
    status: 'ready' | 'error';
    version?: number;
    deprecated?: boolean;
    error?: string;
  };
}

export interface ServerView {
  id: string;
  name: string;
  source: string;
  transport: { type: 'http'; url: string } | { type: 'stdio'; command: string[] };
  admission: string;
  status: string;
  kind: string | null;
  /** The protocol revision in use with this server, once connected. */
  protocolVersion: string | null;
  lastError: string | null;
  /** Who the server says it is; `hasIcon`: GET /api/icons?server= shows its icon. */
  serverInfo: { name: string; version: string; title?: string; hasIcon?: true } | null;
  tools: ToolView[];
  rejected: RejectedTool[];
  /** This user's changed tools, with the diff to accept, and the views refused until their change is accepted. */
  toolChanges: ToolChange[];
  viewChanges: ViewChange[];
  /** The newest entries of the server's log, masked (server-log.ts), oldest first. */
  log: ServerLogEntry[];
  /** Whether the preview may set the server's log level, and the level set. */
  logging: LogLevelControl;
  /** The names of the server's own headers and whether a bearer token is set; never a value. */
  headers?: HeaderSummary;
  /** The viewer's OAuth sign-in to this server (never a token). */
  signIn?: SignInStatus;
}

function serverInfoView(info: ServerConnection['serverInfo']): ServerView['serverInfo'] {
  if (!info) return null;
  const { icon, ...said } = info;
  return icon ? { ...said, hasIcon: true } : said;
}

/** What the developer preview shows of a server. Header values and environment are never included. */
export function serverView(
  connection: ServerConnection,
  viewer?: { userId: string; pins?: PinBook },
): ServerView {
  const { config, catalog } = connection;
  const pins = viewer?.pins;
  const states = pins && viewer ? pins.review(viewer.userId, config.id, catalog) : undefined;
  const mark = (tool: McpletTool): McpletTool => {
    const state = states?.get(tool.name);
    return state ? { ...tool, pin: state } : tool;
  };
  return {
    id: config.id,
    name: config.name,
    source: config.source,
    transport:
      config.transport.type === 'http'
        ? { type: 'http', url: config.transport.url }
        : { type: 'stdio', command: config.transport.command },
    admission: config.admission,
    status: connection.status,
    kind: connection.kind,
    protocolVersion: connection.protocolVersion,
    lastError: connection.lastError,
    serverInfo: serverInfoView(connection.serverInfo),
    tools: catalog.tools.map((listed) => {
      const schema = catalog.resultSchemas.get(listed.name);
      const { icon, ...tool } = mark(listed);
      return {
        ...tool,
        ...(icon ? { hasIcon: true as const } : {}),
        modelName: modelToolName(config.id, tool.name),
        // Shown for the caller that can call the tool: a view of its server for an app-only tool.
        gate: gateVerdict(tool, { trustHints: hintsTrusted(config), caller: usualCaller(tool) }),
        ...(schema
          ? {
              resultSchema: {
                uri: schema.uri,
                status: schema.status,
                version: schema.payload?.version,
                deprecated: schema.payload?.deprecated,
                error: schema.error,
              },
            }
          : {}),
      };
    }),
    rejected: catalog.rejected,
    toolChanges: pins && viewer ? pins.changes(viewer.userId, config.id, catalog) : [],
    viewChanges: pins && viewer ? changedViewsOf(pins, viewer.userId, connection) : [],
    log: entriesFor(connection.log, {
      userId: viewer?.userId,
      shared: connection.config.ownerId === undefined && deploymentMode() === 'hosted',
    }).slice(-SHOWN),
    logging: connection.logLevelControl,
    ...headersOf(config.transport),
  };
}

function headersOf(transport: ServerConnection['config']['transport']): { headers?: HeaderSummary } {
  const summary = transport.type === 'http' ? headerSummary(transport.headers) : undefined;
  return summary ? { headers: summary } : {};
}
