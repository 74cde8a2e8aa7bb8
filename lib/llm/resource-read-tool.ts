import 'server-only';
import { jsonSchema, type ToolSet, tool, type UIMessage } from 'ai';
import { auditAction } from '../mcp/action-log';
import { trustOf } from '../mcp/dispatch';
import type { McpRegistry } from '../mcp/registry';
import { readResourceFor } from '../mcp/resources-api';
import { GATE_TABLE } from '../mcplet/gates';
import { hostText } from '../mcplet/model-facing';
import { decide, type PolicySession } from '../mcplet/policy';
import { resourceForModel } from '../mcplet/resource-projection';
import { checkResourceRead, readableResources } from '../mcplet/resource-reads';
import type { McpletTool } from '../mcplet/types';
import type { HostToolOutput } from './host-tools';
import { toolModelOutput } from './host-tools';
import type { ScrubBook } from './scrub-book';
import { NO_MEDIA, type ToolResultMedia } from './tool-result-output';

/** The host's tool for reading a resource a tool result linked (or the user attached). */
export const RESOURCE_READ_TOOL = 'mcplet_read_resource';

/** What the host says before a resource the model read, in its own words. */
const READ_LEAD = '[The host read this resource for you; its contents follow.]';

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    uri: {
      type: 'string',
      description: 'The URI of a resource linked in a tool result of this conversation',
    },
    serverId: {
      type: 'string',
      description:
        'Optional: the id of the server whose result linked it (needed only when two servers linked the same URI)',
    },
  },
  required: ['uri'],
} as const;

/**
 * The read tool as `decide()` sees it, for the server it reads from: a host tool of type `read`, for
 * the model only, read-only. Its level comes from the same precedence and trust escalation as any
 * read tool of that server's (docs/gates.md); nothing the model passes can change it.
 */
function readToolOf(serverId: string): McpletTool {
  return {
    serverId,
    name: RESOURCE_READ_TOOL,
    description: 'Reads a linked MCP resource through the host.',
    inputSchema: { type: 'object' },
    mcpletType: 'read',
    visibility: ['model'],
    readOnlyHint: true,
    admittedBy: 'mcplet',
    warnings: [],
  };
}

/**
 * The allow-list of one turn: what the history linked or attached, and what this turn's tool results
 * link as they arrive (host-tools.ts adds them).
 */
export class ReadableResources {
  readonly allowed = new Set<string>();

  addHistory(history: readonly UIMessage[]): void {
    for (const entry of readableResources(history)) this.allowed.add(entry);
  }
}

/** Whether any of the user's connected servers offers resources (the tool is offered only then). */
function anyResources(registry: McpRegistry, userId: string): boolean {
  return registry
    .listFor(userId)
    .some((c) => c.status === 'ready' && c.capabilities?.resources !== undefined);
}

/**
 * `mcplet_read_resource { uri, serverId? }`: the model reads a resource only through the host, and
 * only one this conversation linked or attached (lib/mcplet/resource-reads.ts). Every call is decided
 * by `decide()` (a host read tool of that server) and written to the action log, whatever its
 * outcome; its result passes the one projection (lib/mcplet/resource-projection.ts).
 */
export function buildResourceReadTool(
  registry: McpRegistry,
  session: PolicySession,
  conversationId: string,
  readable: ReadableResources,
  book: ScrubBook,
  media: ToolResultMedia = NO_MEDIA,
): ToolSet {
  if (!anyResources(registry, session.userId) && readable.allowed.size === 0) return {};
  return {
    [RESOURCE_READ_TOOL]: tool({
      title: 'Read a linked resource',
      description:
        'Reads an MCP resource that a tool result in this conversation linked (a [resource link: …]) or that the user attached, and gives you its contents as data. Other URIs are refused.',
      inputSchema: jsonSchema(INPUT_SCHEMA),
      metadata: { hostTool: true, toolName: RESOURCE_READ_TOOL },
      async *execute(input): AsyncGenerator<HostToolOutput> {
        const checked = checkResourceRead(readable.allowed, input);
        // A refused call is logged under the server the model named, if it named one: the log says what was asked.
        const named =
          typeof input === 'object' && input !== null && 'serverId' in input ? input.serverId : undefined;
        const serverId = checked.ok
          ? checked.value.serverId
          : typeof named === 'string' && named !== ''
            ? named.slice(0, 100)
            : 'host';
        const surface = { kind: 'model' as const };
        const call = {
          serverId,
          toolName: RESOURCE_READ_TOOL,
          args: input,
          surface,
          session,
          context: { conversationId },
        };
        const refuse = (gate: string, code: string, message: string): HostToolOutput => {
          auditAction(registry, call, gate, `refused:${code}`);
          return {
            model: hostText(`Error (${code}): ${message}`),
            view: { serverId, toolName: RESOURCE_READ_TOOL, sent: false },
          };
        };
        if (!checked.ok) {
          yield refuse('denied', 'X_NOT_ALLOWED', checked.error);
          return;
        }
        const state = await trustOf(registry, call);
        const decision = decide(readToolOf(serverId), surface, input, session, {
          trust: { state, policy: registry.trust?.policy },
        });
        if (!decision.allow) {
          yield refuse('denied', 'X_NOT_ALLOWED', decision.reason);
          return;
        }
        // A read the conversation's trust state would hold for the user is not run by this tool: it
        // has no gate of its own to wait at, and a read never needs one otherwise (docs/gates.md).
        if (GATE_TABLE[decision.gate].waits) {
          yield refuse(decision.gate, 'X_NOT_ALLOWED', `${decision.reason} The host does not read it now.`);
          return;
        }
        const { uri } = checked.value;
        const got = await readResourceFor(registry, session.userId, serverId, uri);
        auditAction(registry, call, decision.gate, got.ok ? 'ok' : 'error:READ_FAILED');
        const text = resourceForModel(
          {
            serverId,
            uri,
            ...(got.serverName ? { serverName: got.serverName } : {}),
            ...(got.ok ? { reading: got.reading } : { error: got.error }),
          },
          book.options(),
          READ_LEAD,
        );
        yield {
          model: hostText(text),
          view: {
            serverId,
            toolName: RESOURCE_READ_TOOL,
            sent: got.ok,
            level: decision.gate,
            ranAt: Date.now(),
          },
        };
      },
      toModelOutput: toolModelOutput(book, media),
    }),
  };
}
