import { isSensitiveClass, type TrustDeclaration } from '../trust/trust-annotations';
import type { ResultTrust, TrustState } from '../trust/trust-state';
import { GATE_RULE_TEXT, type GateVerdict } from './gate-precedence';
import { GATE_TABLE, type Gate, stricter } from './gates';
import type { McpletType } from './types';

/**
 * Trust-driven escalation (issue 12 item 6): the SEP's annotations may raise a call's gate, never
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
}

export const DEFAULT_TRUST_POLICY: TrustPolicyConfig = Object.freeze({
  publicDestination: true,
  irreversible: true,
  maliciousActivity: true,
  untrustedSource: true,
});

export type TrustRule = 'public-destination' | 'irreversible' | 'malicious-activity';

export const TRUST_RULE_TEXT: Record<TrustRule, string> = {
  'public-destination': 'may send open-world or sensitive data of this conversation to a public destination',
  irreversible: 'inputMetadata.outcomes: irreversible',
  'malicious-activity': 'an earlier result was flagged maliciousActivityHint',
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

function whatMayLeave(state: TrustState): string {
  const parts: string[] = [];
  if (state.openWorld) parts.push('open-world (untrusted) content');
  const sensitive = state.sensitivity.filter(isSensitiveClass);
  if (sensitive.length > 0) parts.push(`${list(sensitive)} data`);
  const from =
    state.attribution.length > 0
      ? ` from ${list(state.attribution)}`
      : state.origins.length > 0
        ? ` from ${list(state.origins)} (no attribution given)`
        : '';
  return `${parts.join(' and ')}${from}`;
}

export function escalateForTrust(input: TrustEscalationInput): TrustEscalation {
  const config = { ...DEFAULT_TRUST_POLICY, ...input.config };
  const meta = input.tool.inputMetadata;
  const reasons: TrustReason[] = [];
  const holdsRisky = input.state.openWorld || input.state.sensitivity.some(isSensitiveClass);
  if (config.publicDestination && meta?.destination?.includes('public') && holdsRisky)
    reasons.push({
      rule: 'public-destination',
      gate: 'confirm',
      text: `This tool may send data to a public destination, and this conversation holds ${whatMayLeave(input.state)}.`,
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
const CONVERSATION_RULES: ReadonlySet<TrustRule> = new Set(['public-destination', 'malicious-activity']);

/**
 * Whether a remembered approval (issue 11.3, docs/gates.md) may stand in for this call's
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
