/**
 * The derived tool result channel on the MCP Apps bridge (spec 10.5, 10.8, 14.4). Documented for
 * MCPlet authors in docs/derived-results.md. The names are namespaced so they cannot clash with
 * MCP Apps' own `ui/` methods.
 */
/**
 * The key both sides put under `experimental` in their MCP Apps capabilities: the host in
 * `hostCapabilities` (it sends these events), a view in `appCapabilities` (it registers for them,
 * 10.5 step 1). The host sends derived events only to views that declared it.
 */
export const DERIVED_CAPABILITY = 'mcplet/derived-results';

export const DERIVED_METHODS = {
  /** host → view: a validated, model-derived result (or a backend result that replaced one). */
  update: 'mcplet/notifications/tool-result-update',
  /** host → view: a derived result expired before it was used; discard anything based on it. */
  expired: 'mcplet/notifications/tool-result-expired',
  /** host → view: the tool is being executed for real. */
  invoking: 'mcplet/notifications/tool-invoking',
  /** host → view: a real execution of the tool failed (MCP isError). */
  error: 'mcplet/notifications/tool-error',
  /** view → host: the view applied a tool-result-update. */
  consumed: 'mcplet/notifications/result-consumed',
} as const;

export interface ToolResultUpdate {
  toolId: string;
  result: Record<string, unknown>;
  timestamp: string;
  revision?: number;
  expiresAt?: string;
  source: 'model' | 'backend';
}

export type DerivedEvent =
  | { method: typeof DERIVED_METHODS.update; params: ToolResultUpdate }
  | { method: typeof DERIVED_METHODS.expired; params: { toolId: string; expirationTime: string } }
  | {
      method: typeof DERIVED_METHODS.invoking;
      params: { toolId: string; inputSchema: Record<string, unknown> };
    }
  | { method: typeof DERIVED_METHODS.error; params: { toolId: string; error: string; code: string } };

/** view → host, after applying a `tool-result-update`. */
export interface ResultConsumed {
  toolId: string;
  timestamp: string;
  revision?: number;
}
