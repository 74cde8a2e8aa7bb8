import { EMPTY_TRUST_STATE, type TrustState } from '../trust/trust-state';
import { type GateCaller, resolveGate, type UserGateSetting } from './gate-precedence';
import { GATE_TABLE, type Gate } from './gates';
import { taskUnrunnable } from './tasks';
import {
  escalateVerdict,
  type TrustPolicyConfig,
  type TrustReason,
  type TrustVerdict,
} from './trust-escalation';
import type { McpletTool, Surface } from './types';

export type { Gate } from './gates';

export type DenyCode =
  | 'NOT_ADMITTED'
  | 'NOT_MODEL_VISIBLE'
  | 'NOT_APP_VISIBLE'
  | 'OTHER_SERVER'
  | 'OTHER_VIEW'
  | 'ARGUMENTS_NOT_OBJECT'
  | 'TOOL_CHANGED'
  | 'TASK_UNSUPPORTED';

/** Why trust escalation asks for more than the gate precedence did, when it asks anything. */
export interface DecisionTrust {
  reasons: TrustReason[];
  /** The conversation's pending malicious-activity flag is spent once this call is gated. */
  spendsMaliciousFlag: boolean;
}

export type Decision =
  | { allow: true; gate: Gate; rule: TrustVerdict['rule']; reason: string; trust?: DecisionTrust }
  | { allow: false; code: DenyCode; reason: string; section: string };

/**
 * Who proposes the call: the model, or a view (an MCP Apps iframe) of one server. `view-tool` is
 * the model calling a tool an open view provides; the call runs in that view and nowhere else.
 */
export type CallSurface =
  | { kind: 'model' }
  | { kind: 'app'; serverId: string }
  | { kind: 'view-tool'; viewId: string };

export interface PolicySession {
  userId: string;
}

function deny(code: DenyCode, section: string, reason: string): Decision {
  return { allow: false, code, reason, section };
}

/**
 * What the host knows besides the tool: whether its server's hints are trusted, the user's setting,
 * and the trust state of the conversation the call belongs to with the host's trust policy. Without
 * a state the call is judged as in an empty conversation (the tool's own declarations still count).
 */
export interface GateContext {
  /** Who calls (`decide()` sets it from the surface); the model when absent. */
  caller?: GateCaller;
  trustHints?: boolean;
  userSetting?: UserGateSetting;
  trust?: { state: TrustState; policy?: Partial<TrustPolicyConfig> };
}

/**
 * 4, 6.7, 7.2, the HITL hint and trust escalation: what must stand between a call and
 * its dispatch, and which rule said so. The SEP's annotations only ever raise the precedence's level.
 */
export function gateVerdict(tool: McpletTool, context: GateContext = {}): TrustVerdict {
  const verdict = resolveGate({
    mcpletType: tool.mcpletType,
    auth: tool.auth,
    verifiedApproval: tool.verifiedApproval !== undefined,
    admittedBy: tool.admittedBy,
    hint: tool.hitlHint,
    destructiveHint: tool.destructiveHint,
    trustHints: context.trustHints,
    userSetting: context.userSetting,
    caller: context.caller,
    visibility: tool.visibility,
  });
  return escalateVerdict(verdict, {
    tool: tool.trust ?? { attribution: [] },
    readOnlyHint: tool.readOnlyHint,
    mcpletType: tool.mcpletType,
    state: context.trust?.state ?? EMPTY_TRUST_STATE,
    config: context.trust?.policy,
  });
}

export function gateFor(tool: McpletTool, context: GateContext = {}): Gate {
  return gateVerdict(tool, context).gate;
}

const CALLER: Record<CallSurface['kind'], GateCaller> = {
  model: 'model',
  app: 'own-view',
  'view-tool': 'view-tool',
};

/**
 * Who can call a tool at all, for a level shown before any call (the preview, a pin's reading): a
 * tool only views see is called only by its own server's views.
 */
export function usualCaller(tool: Pick<McpletTool, 'visibility'>): GateCaller {
  return tool.visibility.includes('model') ? 'model' : 'own-view';
}

const SURFACE_LABEL: Record<Surface | 'view-tool', string> = {
  model: 'the model',
  app: 'a view',
  'view-tool': 'the model, in the view that provides it',
};

/**
 * The one place that decides whether a call may go ahead (DESIGN.md, the spine). Pure: the same
 * inputs always give the same decision. `tool` is undefined when no admitted tool has that name.
 */
export function decide(
  tool: McpletTool | undefined,
  surface: CallSurface,
  args: unknown,
  _session: PolicySession,
  context: GateContext = {},
): Decision {
  if (!tool)
    return deny(
      'NOT_ADMITTED',
      '5.3.1',
      'no admitted tool has this name; rejected and removed tools cannot be called',
    );
  if (tool.pin === 'changed')
    return deny(
      'TOOL_CHANGED',
      '5.3.2',
      `"${tool.name}" changed since you trusted it; review the change and accept it before it can be called`,
    );
  if (surface.kind === 'view-tool' ? tool.viewId !== surface.viewId : tool.viewId !== undefined) {
    return deny(
      'OTHER_VIEW',
      '8.2',
      `"${tool.name}" is provided by an open view and runs only there, through that view's own tool surface`,
    );
  }
  if (surface.kind !== 'app' && !tool.visibility.includes('model')) {
    return deny(
      'NOT_MODEL_VISIBLE',
      '8.2',
      `"${tool.name}" is not visible to the model (visibility ${JSON.stringify(tool.visibility)})`,
    );
  }
  if (surface.kind === 'app') {
    if (!tool.visibility.includes('app')) {
      return deny(
        'NOT_APP_VISIBLE',
        '8.2',
        `"${tool.name}" cannot be called from a view (visibility ${JSON.stringify(tool.visibility)})`,
      );
    }
    if (tool.serverId !== surface.serverId) {
      return deny(
        'OTHER_SERVER',
        '8.2',
        `a view may call only tools of its own server; "${tool.name}" belongs to another server`,
      );
    }
  }
  // MCP 2025-11-25 tools, execution.taskSupport: a `required` tool is called only as a task, and
  // only a server declaring tasks for tools/call runs one; no other call of it can succeed.
  if (taskUnrunnable(tool)) {
    return deny(
      'TASK_UNSUPPORTED',
      'MCP tasks',
      `"${tool.name}" runs only as a task, and its server does not run tool calls as tasks on this session`,
    );
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return deny('ARGUMENTS_NOT_OBJECT', '5.1', 'tool arguments must be a JSON object');
  }
  const { gate, rule, reasons, spendsMaliciousFlag } = gateVerdict(tool, {
    ...context,
    caller: CALLER[surface.kind],
  });
  const who = SURFACE_LABEL[surface.kind];
  const row = GATE_TABLE[gate];
  const base = row.waits
    ? `${tool.mcpletType} tool: needs ${row.asks} before it is sent`
    : row.browser === 'notice'
      ? `${tool.mcpletType} tool, callable by ${who} without waiting; you are told when it runs`
      : `${tool.mcpletType} tool, callable by ${who} without a gate`;
  if (reasons.length === 0) return { allow: true, gate, rule, reason: base };
  const reason = `${base}. ${reasons.map((r) => r.text).join(' ')}`;
  return { allow: true, gate, rule, reason, trust: { reasons, spendsMaliciousFlag } };
}
