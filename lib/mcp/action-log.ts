import 'server-only';
import { createHash } from 'node:crypto';
import type { CallSurface, PolicySession } from '../mcplet/policy';
import { canonicalJson } from '../trust/canonical';
import type { McpRegistry } from './registry';

// The action log (16.5): what each action call is written as, whoever proposed it.

/** The action log's outcome of a call that ended at its gate: why (a refusal reason), else the code. */
export function declinedOutcome(refusal: { code: string; reason?: string }): string {
  return `declined:${refusal.reason ?? refusal.code}`;
}

function argsHash(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? {}))
    .digest('hex')
    .slice(0, 16);
}

/** 16.5: every action call is written to the audit log, whatever its outcome. No secrets, no arguments in the clear. */
export function auditAction(
  registry: McpRegistry,
  call: { serverId: string; toolName: string; args: unknown; surface: CallSurface; session: PolicySession },
  gate: string,
  outcome: string,
): void {
  registry.audit?.({
    userId: call.session.userId,
    surface: call.surface.kind,
    serverId: call.serverId,
    toolName: call.toolName,
    argsHash: argsHash(call.args),
    gate,
    outcome,
  });
}

/** An action approved by a remembered rule says so in the action log, after its outcome. */
export function rememberedOutcome(outcome: string, approvedBy: string): string {
  return `${outcome} (${approvedBy})`;
}
