import 'server-only';
import { log } from '../log/logger';
import type { PinBook } from '../mcp/pins';
import type { McpRegistry } from '../mcp/registry';
import { GATE_TABLE, type Gate, type GateRowName, isGate } from '../mcplet/gates';
import type { McpletTool } from '../mcplet/types';
import {
  type ApprovalRule,
  type ApprovalScopeKind,
  mayRemember,
  type RememberableCall,
  rememberedOutcomeLabel,
  ruleCovers,
  scopeFor,
  scopesOffered,
} from '../trust/approval-rules';
import { toolHash } from '../trust/tool-pin';
import { bindingOf, type GatePass, mintPass } from './pass';

/** Where remembered approvals are kept; the host wires it to the database (lib/db/queries/approval-rules). */
export interface ApprovalRuleStore {
  find(call: RememberableCall): Promise<ApprovalRule | undefined>;
  add(rule: Omit<ApprovalRule, 'id' | 'createdAt'>): Promise<ApprovalRule>;
}

/**
 * What the server knows of where a call comes from: the conversation (a model's call, a view's call
 * the server verified, a view-provided tool) and the open view. Either may be absent; an absent one
 * only narrows what can be remembered.
 */
export interface CallContext {
  conversationId?: string;
  viewId?: string;
}

/** What a ticket offers to remember, and what the server builds the rule from if the user picks one. */
export interface RememberOffer {
  scopes: ApprovalScopeKind[];
  context: CallContext;
  /** The tool's pinned definition when the ticket was opened; the rule binds to it. */
  pinHash: string;
}

/** The pin a remembered approval binds to: the user's pin of an MCP server's tool, if it is unchanged. */
export function pinHashOf(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  toolName: string,
): string | undefined {
  const connection = registry.getFor(serverId, userId);
  if (!connection || !registry.pins) return undefined;
  return registry.pins.pinnedHash(userId, serverId, connection.catalog, toolName);
}

/** A view-provided tool is not pinned by the PinBook; its rule binds to the definition the view lists now. */
export function viewToolHash(tool: McpletTool): string {
  // Prefixed so it can never equal an MCP tool's pin (plain hex), whatever the view lists.
  return `view:${toolHash({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      readOnlyHint: tool.readOnlyHint ?? null,
      destructiveHint: tool.destructiveHint ?? null,
      humanInTheLoopHint: tool.hitlHint ?? null,
    },
    _meta: { mcpletType: tool.mcpletType, visibility: [...tool.visibility] },
  })}`;
}

/** The scopes a ticket at `gate` offers, or nothing when this call cannot be remembered. */
export function offerFor(
  registry: McpRegistry,
  gate: Gate,
  context: CallContext,
  pinHash: string | undefined,
): RememberOffer | undefined {
  if (!registry.approvals || !pinHash || !GATE_TABLE[gate].rememberable) return undefined;
  const scopes = scopesOffered(gate, context);
  return scopes.length ? { scopes, context, pinHash } : undefined;
}

/**
 * Before a ticket is opened: a remembered rule that covers exactly this call (user, server, tool,
 * pinned definition, scope) stands in for the user's answer, and this module mints the pass for it.
 * Never for a level the gate table does not mark rememberable (review, passkey), whatever is stored.
 */
export async function rememberedPass(
  registry: McpRegistry,
  gate: Gate,
  call: Omit<RememberableCall, 'pinHash'> & { pinHash: string | undefined; args: unknown },
): Promise<GatePass | undefined> {
  const store = registry.approvals;
  if (!store || !call.pinHash || !mayRemember(gate) || !GATE_TABLE[gate].rememberable) return undefined;
  const { args, ...rest } = call;
  const covered = { ...rest, pinHash: call.pinHash };
  let rule: ApprovalRule | undefined;
  try {
    rule = await store.find(covered);
  } catch (error) {
    log('error', '[approvals] could not read remembered approvals:', { error });
    return undefined;
  }
  if (!rule || !ruleCovers(rule, covered)) return undefined;
  return mintPass({
    gate,
    serverId: call.serverId,
    toolName: call.toolName,
    binding: bindingOf(call.serverId, call.toolName, args),
    via: 'remembered',
    approvedBy: rememberedOutcomeLabel(rule.scope),
  });
}

/**
 * The user approved a ticket and picked a scope: the server builds the rule from the ticket (never
 * from what the browser sent beyond the scope's name), only for a scope the ticket offered and only
 * while the tool is still the definition the ticket was opened for.
 */
export async function rememberAnswer(
  registry: McpRegistry,
  ticket: {
    gate: GateRowName;
    userId: string;
    serverId: string;
    toolName: string;
    remember?: RememberOffer;
  },
  kind: ApprovalScopeKind,
  currentPinHash: string | undefined,
): Promise<ApprovalRule | undefined> {
  const offer = ticket.remember;
  const store = registry.approvals;
  // A server request's row (sampling) is remembered per server by its own path (lib/mcp/sampling.ts).
  if (!isGate(ticket.gate)) return undefined;
  if (!store || !offer || !mayRemember(ticket.gate) || !offer.scopes.includes(kind)) return undefined;
  if (currentPinHash !== offer.pinHash) return undefined;
  const scope = scopeFor(kind, offer.context);
  if (!scope) return undefined;
  try {
    return await store.add({
      userId: ticket.userId,
      serverId: ticket.serverId,
      toolName: ticket.toolName,
      pinHash: offer.pinHash,
      scope,
    });
  } catch (error) {
    log('error', '[approvals] could not store a remembered approval:', { error });
    return undefined;
  }
}

/** docs/security.md, "Rug-pulls": a tool whose definition changed loses its remembered approvals (the PinBook reports it). */
export function dropRulesOfChangedTools(
  pins: PinBook,
  drop: (userId: string, serverId: string, toolName: string) => Promise<unknown>,
): () => void {
  return pins.onEvent((event) => {
    if (event.kind !== 'tool-changed') return;
    drop(event.userId, event.serverId, event.name).catch((error: unknown) =>
      log('error', '[approvals] could not drop the approvals of a changed tool:', { error }),
    );
  });
}
