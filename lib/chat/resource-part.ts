import type { UIMessage } from 'ai';
import type { ResourceReading } from '../mcplet/resource-projection';

/**
 * An MCP resource the user attached to a message travels in a part of its own:
 * `{ type: 'data-resource', data }`. The browser names only the server and the URI; the host reads
 * the resource itself (`resources/read`, lib/mcp/resources-api.ts) when the message arrives and
 * stores what the model may have of it here, with the server's name and the spotlight's boundary.
 * The model gets it through the one projection (lib/mcplet/resource-projection.ts).
 */
export const RESOURCE_PART = 'data-resource';

export interface ResourcePartData {
  serverId: string;
  uri: string;
  /** Set by the host: the server's name as the user knows it. */
  serverName?: string;
  /** Set by the host: the resource's title or name as its server lists it, for the chip. */
  name?: string;
  /** Set by the host: the contents as read for the model when the message arrived. */
  reading?: ResourceReading;
  /** Set by the host: why it could not be read. */
  error?: string;
  /** Set by the host: the spotlight boundary drawn when it was read. */
  boundary?: string;
  /** Set by the host: when it was read (ms), and whether the host subscribed to its changes. */
  readAt?: number;
  watched?: true;
}

export interface ResourcePart {
  type: typeof RESOURCE_PART;
  data: ResourcePartData;
}

type Part = UIMessage['parts'][number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A resource part with the fields the host relies on (a stored part is read as untrusted JSON). */
export function isResourcePart(part: Part | ResourcePart): part is ResourcePart & Part {
  if (part.type !== RESOURCE_PART || !('data' in part)) return false;
  const data: unknown = part.data;
  return isRecord(data) && typeof data.serverId === 'string' && typeof data.uri === 'string';
}

/** The chip's words: "Resource: <name> · <server>". */
export function resourceChipText(
  data: Pick<ResourcePartData, 'uri' | 'name' | 'serverName' | 'serverId'>,
): string {
  return `Resource: ${data.name ?? data.uri} · ${data.serverName ?? data.serverId}`;
}
