import type { TrustDeclaration } from '../trust/trust-annotations';
import type { UntrustedSource } from '../trust/untrusted-content';
import type { HitlHint } from './gate-precedence';
import type { IconSource } from './icons';
import type { ToolTask } from './tasks';
import type { VerifiedApproval } from './verified-approval';

/** MCPlet types shared by the pure rules (spec 4, 6, 8). */

export const MCPLET_TYPES = ['read', 'prepare', 'action'] as const;
export type McpletType = (typeof MCPLET_TYPES)[number];

export type Surface = 'model' | 'app';

export const CONCRETE_DISPLAY_MODES = ['inline', 'fullscreen', 'pip'] as const;
export const LLM_DISPLAY_MODES = ['llm-inline', 'llm-fullscreen', 'llm-pip'] as const;
export type ConcreteDisplayMode = (typeof CONCRETE_DISPLAY_MODES)[number];
export type DisplayMode = ConcreteDisplayMode | (typeof LLM_DISPLAY_MODES)[number];

export type AuthRequirement = 'passkey' | 'confirmation';
export type AuthEnforcement = 'strict' | 'host-only';

export interface ToolAuth {
  required: AuthRequirement;
  enforcement: AuthEnforcement;
  promptMessage?: string;
}

/** How a tool came to be admitted: by its own MCPlet metadata, or by a compatibility rule. */
export type AdmittedBy = 'mcplet' | 'overlay' | 'annotations';

/** Per-server policy for tools without MCPlet metadata (DESIGN.md, host configuration). */
export type AdmissionMode = 'strict' | 'overlay' | 'annotations';

/** A tool as `tools/list` returns it; every field is untrusted. */
export interface RawTool {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  _meta?: unknown;
  /** MCP 2025-11-25: pictures of the tool (lib/mcplet/icons.ts chooses which may be shown). */
  icons?: unknown;
  /** MCP 2025-11-25: `execution.taskSupport` (lib/mcplet/tasks.ts). */
  execution?: unknown;
}

export type JsonSchemaObject = { type: 'object'; [key: string]: unknown };

export interface McpletTool {
  serverId: string;
  name: string;
  title?: string;
  /** The icon the host may show for it (never fetched by the browser from where the server says). */
  icon?: IconSource;
  description: string;
  inputSchema: JsonSchemaObject;
  mcpletType: McpletType;
  visibility: Surface[];
  pool?: string;
  resultSchemaUri?: string;
  ui?: { resourceUri?: string; displayMode?: DisplayMode };
  auth?: ToolAuth;
  /** SEP-2672: the MCP server itself verifies a passkey approval of each call (gate `verified`). */
  verifiedApproval?: VerifiedApproval;
  readOnlyHint?: boolean;
  /** Its results reach the model as untrusted data (lib/trust/untrusted-content), and why. */
  untrustedContent?: UntrustedSource;
  /** Sensitive-output section 1: `sensitiveHint: true` in `annotations` or `_meta`; no raw value reaches the model. */
  sensitiveHint?: boolean;
  /** The tool's `outputSchema`, kept for its `x-sensitive` marks (sensitive-output section 3). */
  outputSchema?: Record<string, unknown>;
  /** MCP `annotations.destructiveHint`: at least a confirmation (docs/gates.md). */
  destructiveHint?: boolean;
  /** `humanInTheLoopHint` from `annotations` or `_meta` (the stricter of the two). */
  hitlHint?: HitlHint;
  /** SEP trust annotations the tool declares (possible sets); untrusted hints that may only raise a gate. */
  trust?: TrustDeclaration;
  admittedBy: AdmittedBy;
  /** docs/security.md, "Tool metadata injection": the description read like instructions, so the model is not shown it. */
  descriptionWithheld?: boolean;
  /** Set for a tool an open MCP Apps view provides (its id); `serverId` is then the view's server. */
  viewId?: string;
  /**
   * For the user asking (docs/security.md, "Rug-pulls"): `changed` when the server re-listed the tool with a definition
   * other than the one pinned; `new` when it appeared after the server's first admission.
   */
  pin?: 'changed' | 'new';
  /** MCP 2025-11-25 tasks: absent for a tool that never runs as a task (lib/mcplet/tasks.ts). */
  task?: ToolTask;
  warnings: string[];
}

export type RejectionCode =
  | 'INVALID_NAME'
  | 'DUPLICATE_NAME'
  | 'INVALID_META'
  | 'MISSING_MCPLET_TYPE'
  | 'INVALID_MCPLET_TYPE'
  | 'MISSING_VISIBILITY'
  | 'INVALID_VISIBILITY'
  | 'ACTION_MODEL_VISIBLE_WITHOUT_AUTH'
  | 'INVALID_AUTH'
  | 'INVALID_INPUT_SCHEMA'
  | 'INVALID_POOL'
  | 'TOO_MANY_TOOLS';

export interface Rejection {
  code: RejectionCode;
  /** Spec section the rule comes from. */
  section: string;
  message: string;
}

export interface RejectedTool {
  serverId: string;
  name: string;
  reasons: Rejection[];
}

export type AdmissionResult =
  | { status: 'admitted'; tool: McpletTool }
  | { status: 'rejected'; tool: RejectedTool };
