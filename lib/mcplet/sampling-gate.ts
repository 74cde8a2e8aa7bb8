import type { TrustState } from '../trust/trust-state';

/**
 * Who decides a server's sampling request (MCP 2025-11-25, client features, "Sampling": "there
 * SHOULD always be a human in the loop with the ability to deny sampling requests"; clients
 * "SHOULD implement rate limiting"). The request's row in the gate table is `sampling`
 * (lib/mcplet/gates.ts); this rule says whether it is refused, runs under a remembered approval, or
 * waits for the user. Pure: the caller reads the rate window, the stored rule and the trust state.
 */

/** Why a request is refused before anyone is asked. */
export type SamplingRefusal = 'unattributed' | 'rate-limited';

/** Why a remembered approval may not stand in for the user: the conversation's trust state. */
export type SamplingTrustRule = 'open-world-server' | 'malicious-activity' | 'unreadable-state';

export interface SamplingTrustReason {
  rule: SamplingTrustRule;
  text: string;
}

export interface SamplingGateInput {
  /** The request belongs to exactly one tool call in flight (lib/mcp/elicitation-scope.ts). */
  attributed: boolean;
  /** The user's window for this server still had room (the take was counted). */
  withinRate: boolean;
  /** The user ticked "Always allow sampling from this server" before. */
  remembered: boolean;
  /** What the conversation's trust state says of this server (`samplingTrustReasons`). */
  trustReasons: readonly SamplingTrustReason[];
}

export type SamplingVerdict =
  | { kind: 'refuse'; reason: SamplingRefusal }
  | { kind: 'run'; via: 'remembered' }
  | { kind: 'ask'; offerRemember: boolean; trustReasons: SamplingTrustReason[] };

/** The refusal's sentence, for the server (an MCP error) and the action log's reader. */
export const SAMPLING_REFUSAL_TEXT: Record<SamplingRefusal, string> = {
  unattributed:
    'This host runs a sampling request only for the one tool call that caused it; this request could not be tied to a single call in flight, so nobody was asked and nothing was sent to a model.',
  'rate-limited':
    'Too many sampling requests from this server for this user in the last minute; this one was refused without asking.',
};

/** The error a denied request gets (MCP 2025-11-25, Sampling, "Error Handling" example). */
export const SAMPLING_REJECTED = { code: -1, message: 'User rejected sampling request' } as const;

/**
 * The precedence: an unattributable request is refused (nobody to show it to); then the per-user
 * per-server rate limit refuses; then a remembered approval runs it, unless the trust state gives
 * a reason; otherwise the user is asked, and may tick "always" only when no trust reason applies.
 */
export function decideSampling(input: SamplingGateInput): SamplingVerdict {
  if (!input.attributed) return { kind: 'refuse', reason: 'unattributed' };
  if (!input.withinRate) return { kind: 'refuse', reason: 'rate-limited' };
  const trusted = input.trustReasons.length === 0;
  if (input.remembered && trusted) return { kind: 'run', via: 'remembered' };
  return { kind: 'ask', offerRemember: trusted, trustReasons: [...input.trustReasons] };
}

/**
 * The SEP trust state's word on one server, for sampling: a server whose results brought open-world
 * (untrusted) content into this conversation, a result flagged as malicious activity and not yet
 * answered by the user, or a state that cannot be read (open-world with no per-tool record: the
 * fail-closed state) each keep a remembered approval from standing in (docs/gates.md).
 */
export function samplingTrustReasons(state: TrustState, serverId: string): SamplingTrustReason[] {
  const reasons: SamplingTrustReason[] = [];
  const openWorld = state.sources.filter((s) => s.serverId === serverId && s.openWorld).map((s) => s.origin);
  if (openWorld.length > 0)
    reasons.push({
      rule: 'open-world-server',
      text: `this server's results in this conversation are untrusted (open-world): ${openWorld.join(', ')}`,
    });
  if (state.malicious)
    reasons.push({
      rule: 'malicious-activity',
      text: `a result in this conversation was flagged as malicious activity (${state.malicious.origin})`,
    });
  if (state.openWorld && state.sources.length === 0)
    reasons.push({
      rule: 'unreadable-state',
      text: "the conversation's trust record holds open-world data it cannot attribute to a server",
    });
  return reasons;
}
