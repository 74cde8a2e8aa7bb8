import { isSensitiveOutput } from '../trust/redaction';
import { readToolTrust, type TrustDeclaration } from '../trust/trust-annotations';
import { toolUntrustedSource } from '../trust/untrusted-content';
import { type HitlHint, isHitlHint } from './gate-precedence';
import { stricter } from './gates';
import { chooseIcon } from './icons';
import { mcpParamHeaderFault } from './mcp-param-headers';
import { isValidToolName, looksLikeInstructions, stripInvisible } from './names';
import { taskUnrunnable, toolTask } from './tasks';
import {
  type AdmissionMode,
  type AdmissionResult,
  type AdmittedBy,
  CONCRETE_DISPLAY_MODES,
  type DisplayMode,
  type JsonSchemaObject,
  LLM_DISPLAY_MODES,
  MCPLET_TYPES,
  type McpletTool,
  type McpletType,
  type RawTool,
  type Rejection,
  type Surface,
  type ToolAuth,
} from './types';
import { readVerifiedApproval } from './verified-approval';
import { parseVisibility } from './visibility';

/** Host-configured metadata for a tool that has none of its own (DESIGN.md `overlay` mode, spec 5.2). */
export type OverlayMeta = Record<string, unknown>;

export interface AdmissionContext {
  serverId: string;
  mode: AdmissionMode;
  /** Tool name → metadata supplied by host configuration (`overlay` mode only). */
  overlay?: Record<string, OverlayMeta>;
  /** Pool names known to the host's pool registry (5.3.3). */
  pools?: ReadonlySet<string>;
  /** The server runs `tools/call` as a task on this session (lib/mcplet/tasks.ts). */
  tasks?: boolean;
}

type Meta = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reject(code: Rejection['code'], section: string, message: string): Rejection {
  return { code, section, message };
}

function parseAuth(value: unknown): { auth?: ToolAuth; error?: string } {
  if (value === undefined) return {};
  if (!isRecord(value)) return { error: 'auth must be an object' };
  const { required, enforcement, promptMessage } = value;
  if (required !== 'passkey' && required !== 'confirmation') {
    return { error: `auth.required must be "passkey" or "confirmation" (got ${JSON.stringify(required)})` };
  }
  if (enforcement !== 'strict' && enforcement !== 'host-only') {
    return { error: `auth.enforcement must be "strict" or "host-only" (got ${JSON.stringify(enforcement)})` };
  }
  if (required === 'confirmation' && enforcement === 'strict') {
    return {
      error:
        'auth.enforcement "strict" needs auth.required "passkey": only a passkey can be verified by the backend',
    };
  }
  if (promptMessage !== undefined && typeof promptMessage !== 'string')
    return { error: 'auth.promptMessage must be a string' };
  const auth: ToolAuth = { required, enforcement };
  if (typeof promptMessage === 'string')
    auth.promptMessage = stripInvisible(promptMessage).text.slice(0, 500);
  return { auth };
}

function isDisplayMode(value: unknown): value is DisplayMode {
  return (
    typeof value === 'string' &&
    ((CONCRETE_DISPLAY_MODES as readonly string[]).includes(value) ||
      (LLM_DISPLAY_MODES as readonly string[]).includes(value))
  );
}

function readUi(meta: Meta, warnings: string[]): McpletTool['ui'] {
  const ui = isRecord(meta.ui) ? meta.ui : {};
  const out: NonNullable<McpletTool['ui']> = {};
  const legacy = meta['ui/resourceUri'];
  const uri = ui.resourceUri ?? legacy;
  if (uri !== undefined) {
    if (typeof uri === 'string' && uri.startsWith('ui://') && uri.length <= 2048) out.resourceUri = uri;
    else
      warnings.push(
        `6.5: ui.resourceUri ${JSON.stringify(uri)} is not a ui:// URI, so no view will be shown`,
      );
  }
  if (ui.displayMode !== undefined) {
    if (isDisplayMode(ui.displayMode)) out.displayMode = ui.displayMode;
    else
      warnings.push(
        `6.6: ui.displayMode ${JSON.stringify(ui.displayMode)} is not a known mode and is ignored`,
      );
  }
  return out.resourceUri || out.displayMode ? out : undefined;
}

/** `humanInTheLoopHint` from `annotations` and `_meta`; both only raise, so the stricter one stands. */
function readHitlHint(raw: RawTool, meta: Meta, warnings: string[]): HitlHint | undefined {
  let hint: HitlHint | undefined;
  const annotations = isRecord(raw.annotations) ? raw.annotations : {};
  for (const value of [annotations.humanInTheLoopHint, meta.humanInTheLoopHint]) {
    if (value === undefined) continue;
    if (!isHitlHint(value)) {
      warnings.push(
        `humanInTheLoopHint ${JSON.stringify(value)} is not none, notify, review or confirm; ignored`,
      );
      continue;
    }
    hint = hint === undefined ? value : stricter(hint, value);
  }
  return hint;
}

/**
 * SEP "Extended Tool Annotations": the trust fields the tool declares, kept when it declares any
 * (they can only raise a gate); a field the SEP does not allow is ignored with a warning.
 */
function declaredTrust(raw: RawTool, warnings: string[]): TrustDeclaration | undefined {
  const { declaration, ignored } = readToolTrust(raw);
  for (const reason of ignored) warnings.push(`trust annotation ${reason}; ignored`);
  const declares =
    declaration.openWorldHint !== undefined ||
    declaration.maliciousActivityHint !== undefined ||
    declaration.attribution.length > 0 ||
    declaration.inputMetadata !== undefined ||
    declaration.returnMetadata !== undefined;
  return declares ? declaration : undefined;
}

/** Derives MCPlet metadata from standard MCP annotations (DESIGN.md `annotations` mode). */
function fromAnnotations(raw: RawTool, meta: Meta): Meta {
  const annotations = isRecord(raw.annotations) ? raw.annotations : {};
  const ui = isRecord(meta.ui) ? meta.ui : {};
  const readOnly = annotations.readOnlyHint === true;
  return {
    ...meta,
    mcpletType: readOnly ? 'read' : 'action',
    visibility: meta.visibility ?? ui.visibility ?? ['model', 'app'],
    ...(readOnly ? {} : { auth: { required: 'confirmation', enforcement: 'host-only' } }),
  };
}

/** Code-first precedence (17.1.3): the server's own fields win over host-supplied ones. */
function withOverlay(meta: Meta, overlay: OverlayMeta | undefined): Meta {
  return overlay ? { ...overlay, ...meta } : meta;
}

/**
 * 5.3.1: turns one listed tool into an admitted MCPlet tool or a rejection with machine-readable
 * reasons. Never throws; every field of `raw` is treated as untrusted.
 */
/** `annotations.title` (MCP ToolAnnotations), when it is a non-empty string. */
function annotationTitle(annotations: unknown): string | undefined {
  const title = isRecord(annotations) ? annotations.title : undefined;
  return typeof title === 'string' && title.trim() ? title : undefined;
}

export function admitTool(raw: RawTool, context: AdmissionContext): AdmissionResult {
  const reasons: Rejection[] = [];
  const warnings: string[] = [];
  const name = isValidToolName(raw.name) ? raw.name : null;
  const shownName = typeof raw.name === 'string' ? raw.name.slice(0, 140) : String(raw.name);
  if (!name) {
    reasons.push(
      reject(
        'INVALID_NAME',
        'WebMCP tool name',
        `the name ${JSON.stringify(shownName)} is not 1-128 characters of letters, digits, _ . -`,
      ),
    );
  }

  let meta: Meta = {};
  if (raw._meta !== undefined && !isRecord(raw._meta)) {
    reasons.push(reject('INVALID_META', '6', '_meta is not an object'));
  } else if (isRecord(raw._meta)) {
    meta = raw._meta;
  }

  let admittedBy: AdmittedBy = 'mcplet';
  if (meta.mcpletType === undefined && reasons.length === 0) {
    if (context.mode === 'overlay' && name && context.overlay?.[name]) {
      meta = withOverlay(meta, context.overlay[name]);
      admittedBy = 'overlay';
    } else if (context.mode === 'annotations') {
      meta = fromAnnotations(raw, meta);
      admittedBy = 'annotations';
    }
  } else if (context.mode === 'overlay' && name && context.overlay?.[name]) {
    meta = withOverlay(meta, context.overlay[name]);
  }

  let mcpletType: McpletType | null = null;
  if (meta.mcpletType === undefined) {
    if (!reasons.some((r) => r.code === 'INVALID_META')) {
      reasons.push(reject('MISSING_MCPLET_TYPE', '5.3.1', 'the tool declares no _meta.mcpletType'));
    }
  } else if (!(MCPLET_TYPES as readonly unknown[]).includes(meta.mcpletType)) {
    reasons.push(
      reject(
        'INVALID_MCPLET_TYPE',
        '5.3.1',
        `_meta.mcpletType ${JSON.stringify(meta.mcpletType)} is not read, prepare or action`,
      ),
    );
  } else {
    mcpletType = meta.mcpletType as McpletType;
  }

  let visibility: Surface[] | null = null;
  if (meta.visibility === undefined && isRecord(meta.ui) && meta.ui.visibility !== undefined) {
    meta = { ...meta, visibility: meta.ui.visibility };
    warnings.push(
      '6.3: visibility read from _meta.ui.visibility (MCP Apps); MCPlet tools declare _meta.visibility',
    );
  }
  if (meta.visibility === undefined) {
    if (mcpletType)
      reasons.push(reject('MISSING_VISIBILITY', '5.1', 'the tool declares no _meta.visibility'));
  } else {
    const parsed = parseVisibility(meta.visibility);
    if (parsed.ok) visibility = parsed.visibility;
    else reasons.push(reject('INVALID_VISIBILITY', '8.1', parsed.message));
  }

  const { auth, error: authError } = parseAuth(meta.auth);
  if (authError) reasons.push(reject('INVALID_AUTH', '6.7', authError));
  if (mcpletType === 'action' && visibility?.includes('model') && !auth && !authError) {
    reasons.push(
      reject(
        'ACTION_MODEL_VISIBLE_WITHOUT_AUTH',
        '4.2',
        'an action tool visible to the model must declare _meta.auth',
      ),
    );
  }
  if (mcpletType === 'read' && auth) warnings.push('4.2: read tools should not require authentication');

  let pool: string | undefined;
  if (meta.pool !== undefined) {
    if (typeof meta.pool !== 'string' || meta.pool.length === 0 || meta.pool.length > 100) {
      reasons.push(reject('INVALID_POOL', '6.2', '_meta.pool must be a non-empty string'));
    } else {
      pool = meta.pool;
      if (context.pools && !context.pools.has(pool)) {
        warnings.push(
          `5.3.3: pool "${pool}" is not in the host's pool registry; the tool is treated as pool-less`,
        );
        pool = undefined;
      }
    }
  }

  const schema = raw.inputSchema;
  if (!isRecord(schema) || schema.type !== 'object') {
    reasons.push(
      reject('INVALID_INPUT_SCHEMA', '5.1', 'inputSchema must be a JSON Schema object with type "object"'),
    );
  } else {
    // MCP 2026-07-28 (SEP-2243): a tool whose header declarations break a rule must not be called.
    const fault = mcpParamHeaderFault(schema);
    if (fault) reasons.push(reject('INVALID_INPUT_SCHEMA', '5.1', `${fault} (SEP-2243)`));
  }

  if (reasons.length > 0 || !name || !mcpletType || !visibility) {
    return { status: 'rejected', tool: { serverId: context.serverId, name: shownName, reasons } };
  }

  const rawDescription = typeof raw.description === 'string' ? raw.description : '';
  const description = stripInvisible(rawDescription);
  if (description.removed > 0)
    warnings.push(
      `tool metadata injection: ${description.removed} invisible character(s) removed from the description`,
    );
  const withheld = looksLikeInstructions(description.text);
  if (withheld)
    warnings.push(
      'tool metadata injection: the description reads like instructions to the model, so the model is not shown it',
    );
  if (!description.text.trim()) warnings.push('5.1: the tool has no description');

  const tool: McpletTool = {
    serverId: context.serverId,
    name,
    description: description.text.slice(0, 4000),
    inputSchema: schema as JsonSchemaObject,
    mcpletType,
    visibility,
    admittedBy,
    warnings,
  };
  if (withheld) tool.descriptionWithheld = true;
  // MCP 2025-06-18: a tool's `title` is its display name; older servers put it in `annotations.title`.
  const title =
    typeof raw.title === 'string' && raw.title.trim() ? raw.title : annotationTitle(raw.annotations);
  if (title !== undefined) tool.title = stripInvisible(title).text.slice(0, 200);
  const icon = chooseIcon(raw.icons);
  if (icon) tool.icon = icon;
  if (pool) tool.pool = pool;
  if (auth) tool.auth = auth;
  const verified = readVerifiedApproval(meta);
  if (verified.error) warnings.push(verified.error);
  if (verified.approval) tool.verifiedApproval = verified.approval;
  if (typeof meta.mcpletToolResultSchemaUri === 'string')
    tool.resultSchemaUri = meta.mcpletToolResultSchemaUri;
  const ui = readUi(meta, warnings);
  if (ui) tool.ui = ui;
  const untrusted = toolUntrustedSource(raw);
  if (untrusted) tool.untrustedContent = untrusted;
  if (isRecord(raw.annotations) && typeof raw.annotations.readOnlyHint === 'boolean') {
    tool.readOnlyHint = raw.annotations.readOnlyHint;
  }
  if (isRecord(raw.annotations) && raw.annotations.destructiveHint === true) tool.destructiveHint = true;
  if (isSensitiveOutput(raw, undefined)) tool.sensitiveHint = true;
  if (isRecord(raw.outputSchema)) tool.outputSchema = raw.outputSchema;
  const hint = readHitlHint(raw, meta, warnings);
  if (hint) tool.hitlHint = hint;
  const trust = declaredTrust(raw, warnings);
  if (trust) tool.trust = trust;
  const task = toolTask(raw.execution, context.tasks === true);
  if (task) tool.task = task;
  if (task && taskUnrunnable(tool))
    warnings.push(
      'MCP tasks: taskSupport is "required" and the server does not run tool calls as tasks here; the tool is not offered',
    );
  return { status: 'admitted', tool };
}

/** Admits a whole `tools/list` answer; a repeated name is refused after its first occurrence. */
export function admitTools(raws: readonly RawTool[], context: AdmissionContext): AdmissionResult[] {
  const seen = new Set<string>();
  return raws.map((raw) => {
    const result = admitTool(raw, context);
    const name = result.tool.name;
    if (seen.has(name)) {
      return {
        status: 'rejected',
        tool: {
          serverId: context.serverId,
          name,
          reasons: [
            reject('DUPLICATE_NAME', '5.3.1', `another tool on this server is already named "${name}"`),
          ],
        },
      };
    }
    seen.add(name);
    return result;
  });
}
