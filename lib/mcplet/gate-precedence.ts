import { GATE_TABLE, type Gate } from './gates';
import type { AdmittedBy, McpletType, Surface, ToolAuth } from './types';

/** The WebMCP `humanInTheLoopHint` values (webmcp-proposal-hitl-hint). */
export const HITL_HINTS = ['none', 'notify', 'review', 'confirm'] as const;
export type HitlHint = (typeof HITL_HINTS)[number];

export function isHitlHint(value: unknown): value is HitlHint {
  return typeof value === 'string' && (HITL_HINTS as readonly string[]).includes(value);
}

/**
 * Who proposes the call, as far as its gate is concerned: the model (also the preview acting as the
 * model), a view of the tool's own server (`decide()` refuses a view of any other server), or the
 * model through a tool an open view provides.
 */
export type GateCaller = 'model' | 'own-view' | 'view-tool';

/** A level the user chose for a tool (the settings page comes later); never lower than the rules. */
export type UserGateSetting = Exclude<Gate, 'passkey' | 'verified'>;

/** Which rule decided a tool's level; the preview shows it. */
export type GateRule =
  | 'default'
  | 'mcplet-type'
  | 'mcplet-auth'
  | 'verified-approval'
  | 'annotations'
  | 'own-view-app-only'
  | 'destructive-hint'
  | 'hint'
  | 'trusted-hint'
  | 'user-setting';

export const GATE_RULE_TEXT: Record<GateRule, string> = {
  default: 'read or prepare tool, no rule asks for a gate',
  'mcplet-type': 'MCPlet type action (spec 4)',
  'mcplet-auth': 'MCPlet auth (spec 7)',
  'verified-approval': 'the server verifies a passkey approval of each call (SEP-2672)',
  annotations: 'no readOnlyHint under annotations admission',
  'own-view-app-only':
    "an app-only tool called by its own server's view, with no readOnlyHint under annotations admission",
  'destructive-hint': 'destructiveHint: true',
  hint: "the server's humanInTheLoopHint (may only raise)",
  'trusted-hint': "the server's humanInTheLoopHint (hints trusted in host.config.json)",
  'user-setting': 'your setting for this tool',
};

export interface GateInputs {
  mcpletType: McpletType;
  auth?: ToolAuth;
  /** SEP-2672: the server requires a verified approval of each call. */
  verifiedApproval?: boolean;
  admittedBy: AdmittedBy;
  /** `annotations.humanInTheLoopHint` or `_meta.humanInTheLoopHint` (the stricter of the two). */
  hint?: HitlHint;
  destructiveHint?: boolean;
  /** `servers[].trustHints` in host.config.json: the hint may also lower annotations-derived levels. */
  trustHints?: boolean;
  userSetting?: UserGateSetting;
  /** Who calls; the model when absent. */
  caller?: GateCaller;
  /** The tool's `_meta.ui.visibility` (8.2); both surfaces when absent. */
  visibility?: readonly Surface[];
}

export interface GateVerdict {
  gate: Gate;
  rule: GateRule;
}

interface Candidate extends GateVerdict {
  /** Derived from annotations, so a trusted hint may replace it. */
  lowerable: boolean;
}

/**
 * The precedence (docs/gates.md): the strictest requirement wins among the MCPlet rules (action →
 * confirm, `auth` → confirm or passkey), `destructiveHint`, the annotations-derived action of the
 * `annotations` admission, the hint and the user's setting. A hint only raises, unless the server's
 * hints are trusted: then it replaces the annotations-derived requirements, never the MCPlet ones.
 * On a tie the earlier rule in this list is named.
 */
export function resolveGate(input: GateInputs): GateVerdict {
  const declared = input.admittedBy !== 'annotations';
  const candidates: Candidate[] = [];
  if (input.verifiedApproval)
    candidates.push({ gate: 'verified', rule: 'verified-approval', lowerable: false });
  if (input.auth?.required === 'passkey' && input.auth.enforcement === 'strict')
    candidates.push({ gate: 'passkey', rule: 'mcplet-auth', lowerable: false });
  if (declared && input.mcpletType === 'action')
    candidates.push({ gate: 'confirm', rule: 'mcplet-type', lowerable: false });
  if (declared && input.auth) candidates.push({ gate: 'confirm', rule: 'mcplet-auth', lowerable: false });
  if (input.userSetting) candidates.push({ gate: input.userSetting, rule: 'user-setting', lowerable: false });
  // A view calling an app-only tool of its own server is the server's own UI talking to the server:
  // the model cannot reach the tool, and a dialog per call would stop every polling or logging view.
  // Only the confirmation derived from missing annotations becomes a notice; MCPlet metadata,
  // destructiveHint, a hint and the user's setting still raise it (docs/gates.md).
  const ownAppOnly =
    input.caller === 'own-view' &&
    input.visibility !== undefined &&
    input.visibility.includes('app') &&
    !input.visibility.includes('model');
  if (!declared && (input.mcpletType === 'action' || input.auth))
    candidates.push(
      // Under annotations admission `auth` is the admission's own derived confirmation, never the
      // server's declaration (lib/mcplet/admission.ts), so it does not keep the dialog.
      ownAppOnly
        ? { gate: 'notify', rule: 'own-view-app-only', lowerable: true }
        : { gate: 'confirm', rule: 'annotations', lowerable: true },
    );
  if (input.destructiveHint === true)
    candidates.push({ gate: 'confirm', rule: 'destructive-hint', lowerable: true });
  const trusted = input.trustHints === true && input.hint !== undefined;
  if (input.hint !== undefined)
    candidates.push({ gate: input.hint, rule: trusted ? 'trusted-hint' : 'hint', lowerable: false });
  let best: GateVerdict = { gate: 'none', rule: 'default' };
  let bestRank = -1;
  for (const c of candidates) {
    if (trusted && c.lowerable) continue;
    if (GATE_TABLE[c.gate].rank > bestRank) {
      best = { gate: c.gate, rule: c.rule };
      bestRank = GATE_TABLE[c.gate].rank;
    }
  }
  return best;
}
