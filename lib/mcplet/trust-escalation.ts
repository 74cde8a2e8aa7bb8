import type { SensitivityClass } from '../trust/trust-annotations';
import { isSensitiveClass, type TrustDeclaration } from '../trust/trust-annotations';
import type { ResultTrust, TrustSource, TrustState } from '../trust/trust-state';
import { GATE_RULE_TEXT, type GateVerdict } from './gate-precedence';
import { GATE_TABLE, type Gate, stricter } from './gates';
import type { McpletType } from './types';

/**
 * Trust-driven escalation: the SEP's annotations may raise a call's gate, never
 * lower it (client responsibility 5). Called with the level `resolveGate` chose; each rule is on by
 * default and switchable (host.config.json later).
 */
export interface TrustPolicyConfig {
  /** A tool that may send data to a `public` destination, in a conversation with open-world or sensitive data. */
  publicDestination: boolean;
  /** `inputMetadata.outcomes` names `irreversible`. */
  irreversible: boolean;
  /** A result flagged `maliciousActivityHint`: the next action-like call. */
  maliciousActivity: boolean;
  /** `returnMetadata.source: untrustedPublic` makes the result untrusted content. */
  untrustedSource: boolean;
  /** The conversation holds data of a class the tool's `inputMetadata.sensitivity` does not accept. */
  acceptedSensitivity: boolean;
}

export const DEFAULT_TRUST_POLICY: TrustPolicyConfig = Object.freeze({
  publicDestination: true,
  irreversible: true,
  maliciousActivity: true,
  untrustedSource: true,
  acceptedSensitivity: true,
});

export type TrustRule =
  | 'public-destination'
  | 'irreversible'
  | 'malicious-activity'
  | 'sensitivity-not-accepted';

export const TRUST_RULE_TEXT: Record<TrustRule, string> = {
  'public-destination': 'may send open-world or sensitive data of this conversation to a public destination',
  irreversible: 'inputMetadata.outcomes: irreversible',
  'malicious-activity': 'an earlier result was flagged maliciousActivityHint',
  'sensitivity-not-accepted':
    'the conversation holds data of a class inputMetadata.sensitivity does not accept',
};

export interface TrustReason {
  rule: TrustRule;
  gate: Gate;
  /** For the dialog: what may leave, from where. */
  text: string;
}

export interface TrustEscalationInput {
  /** The level the gate precedence decided. */
  gate: Gate;
  /** The called tool's declaration (`readToolTrust`), resolved values if the host has them. */
  tool: TrustDeclaration;
  /** The tool's MCP `readOnlyHint` and MCPlet type, to tell an action-like call. */
  readOnlyHint?: boolean;
  mcpletType?: McpletType;
  state: TrustState;
  config?: Partial<TrustPolicyConfig>;
}

export interface TrustEscalation {
  gate: Gate;
  /** Every rule that asked, in the order above; empty when nothing did. */
  reasons: TrustReason[];
  /** The pending malicious flag was used by this call: store `clearMaliciousFlag(state)` once it is gated. */
  spendsMaliciousFlag: boolean;
}

/**
 * Action-like: anything but a read. A call is a read only when the tool says so on every count it
 * declares: `readOnlyHint: true`, not an MCPlet action, outcomes (if declared) only `benign`, and
 * destinations (if declared) only `ephemeral`.
 */
export function isActionLike(
  input: Pick<TrustEscalationInput, 'tool' | 'readOnlyHint' | 'mcpletType'>,
): boolean {
  if (input.mcpletType === 'action' || input.readOnlyHint !== true) return true;
  const meta = input.tool.inputMetadata;
  if (meta?.outcomes?.some((o) => o !== 'benign')) return true;
  if (meta?.destination?.some((d) => d !== 'ephemeral')) return true;
  return false;
}

function list(items: readonly string[]): string {
  return items.join(', ');
}

/** A result's tool, and where its data came from when the server said so. */
function sourceName(source: TrustSource): string {
  return source.attribution.length > 0 ? `${source.origin} (${list(source.attribution)})` : source.origin;
}

/**
 * The risky data, each part named by the results that brought it, so the user sees which result
 * asks for the confirmation. A state stored before sources were kept names what it has.
 */
function whatMayLeave(state: TrustState, classes: readonly SensitivityClass[], openWorld: boolean): string {
  const parts: string[] = [];
  const tracked = state.sources.length > 0;
  if (openWorld) {
    const from = state.sources.filter((s) => s.openWorld).map(sourceName);
    parts.push(`open-world (untrusted) content${from.length > 0 ? ` from ${list(from)}` : ''}`);
  }
  for (const c of classes) {
    const from = state.sources.filter((s) => s.sensitivity.includes(c)).map(sourceName);
    parts.push(`${c} data${from.length > 0 ? ` from ${list(from)}` : ''}`);
  }
  const untracked = tracked
    ? ''
    : state.attribution.length > 0
      ? ` from ${list(state.attribution)}`
      : state.origins.length > 0
        ? ` from ${list(state.origins)} (no attribution given)`
        : '';
  return `${parts.join(' and ')}${untracked}`;
}

/**
 * Whether a tool that declares `accepted` input classes accepts data of class `held`: a bare
 * `regulated` accepts every regime; a named regime accepts only itself.
 */
function accepts(accepted: readonly SensitivityClass[], held: SensitivityClass): boolean {
  return accepted.includes(held) || (held.startsWith('regulated:') && accepted.includes('regulated'));
}

/** The classes the conversation holds that a tool declaring `accepted` does not accept. */
export function unacceptedClasses(
  state: TrustState,
  accepted: readonly SensitivityClass[],
): SensitivityClass[] {
  return state.sensitivity.filter((c) => c !== 'none' && !accepts(accepted, c));
}

export function escalateForTrust(input: TrustEscalationInput): TrustEscalation {
  const config = { ...DEFAULT_TRUST_POLICY, ...input.config };
  const meta = input.tool.inputMetadata;
  const reasons: TrustReason[] = [];
  const sensitive = input.state.sensitivity.filter(isSensitiveClass);
  const holdsRisky = input.state.openWorld || sensitive.length > 0;
  if (config.publicDestination && meta?.destination?.includes('public') && holdsRisky)
    reasons.push({
      rule: 'public-destination',
      gate: 'confirm',
      text: `This tool may send data to a public destination, and this conversation holds ${whatMayLeave(input.state, sensitive, input.state.openWorld)}.`,
    });
  const unaccepted = meta?.sensitivity ? unacceptedClasses(input.state, meta.sensitivity) : [];
  if (config.acceptedSensitivity && meta?.sensitivity && unaccepted.length > 0)
    reasons.push({
      rule: 'sensitivity-not-accepted',
      gate: 'confirm',
      text: `This conversation holds ${whatMayLeave(input.state, unaccepted, false)}, which this tool does not declare it accepts (it accepts ${list(meta.sensitivity.length > 0 ? meta.sensitivity : ['none'])}).`,
    });
  if (config.irreversible && meta?.outcomes?.includes('irreversible'))
    reasons.push({
      rule: 'irreversible',
      gate: 'confirm',
      text: 'This tool declares irreversible outcomes.',
    });
  let spendsMaliciousFlag = false;
  if (config.maliciousActivity && input.state.malicious !== null && isActionLike(input)) {
    spendsMaliciousFlag = true;
    reasons.push({
      rule: 'malicious-activity',
      gate: 'confirm',
      text: `An earlier result from ${input.state.malicious.origin} was flagged for suspected malicious activity.`,
    });
  }
  const gate = reasons.reduce<Gate>((g, r) => stricter(g, r.gate), input.gate);
  return { gate, reasons, spendsMaliciousFlag };
}

export interface TrustVerdict extends TrustEscalation {
  /** The precedence's rule, or the first trust rule when it raised the level (on a tie the precedence's is named). */
  rule: GateVerdict['rule'] | TrustRule;
}

/** `resolveGate`'s verdict, escalated: what the gate precedence calls once a conversation's trust state is known. */
export function escalateVerdict(
  verdict: GateVerdict,
  input: Omit<TrustEscalationInput, 'gate'>,
): TrustVerdict {
  const escalation = escalateForTrust({ ...input, gate: verdict.gate });
  const raised = escalation.reasons.find(
    (r) => r.gate === escalation.gate && GATE_TABLE[r.gate].rank > GATE_TABLE[verdict.gate].rank,
  );
  return { ...escalation, rule: raised ? raised.rule : verdict.rule };
}

/** What the preview says of the rule that decided a call's level, gate precedence or trust. */
export const DECISION_RULE_TEXT: Record<TrustVerdict['rule'], string> = {
  ...GATE_RULE_TEXT,
  ...TRUST_RULE_TEXT,
};

/** The trust rules that ask because of what the conversation holds, not because of the tool's definition. */
const CONVERSATION_RULES: ReadonlySet<TrustRule> = new Set([
  'public-destination',
  'malicious-activity',
  'sensitivity-not-accepted',
]);

/**
 * Whether a remembered approval (docs/gates.md) may stand in for this call's
 * confirmation. A rule is bound to the tool's pinned definition, so it may cover what that
 * definition asks for (`irreversible` is part of it), never a confirmation the conversation's data
 * asks for: open-world or sensitive data about to leave, or a result flagged malicious. Such a call
 * is asked every time, and its dialog offers nothing to remember.
 */
export function rememberedMayCover(reasons: readonly TrustReason[] = []): boolean {
  return !reasons.some((r) => CONVERSATION_RULES.has(r.rule));
}

/**
 * SEP `returnMetadata.source: untrustedPublic`: the result is untrusted content, for the projection
 * to spotlight (as `openWorldHint` / `untrustedContentHint` already do).
 */
export function untrustedBySource(trust: ResultTrust, config?: Partial<TrustPolicyConfig>): boolean {
  return { ...DEFAULT_TRUST_POLICY, ...config }.untrustedSource && trust.untrustedPublic;
}
