import 'server-only';
import type { UIMessage } from 'ai';
import { isResourcePart, RESOURCE_PART, type ResourcePart } from '../chat/resource-part';
import type { ReadForModel } from '../mcp/resources-api';
import { randomBoundary } from '../mcplet/projection';

type Part = UIMessage['parts'][number];
type Message = { parts: Part[] };

/** Reads one resource for the model (lib/mcp/resources-api.ts `readResourceFor`, bound to the user). */
export type ResourceReader = (serverId: string, uri: string) => Promise<ReadForModel>;

/** Subscribes to a resource's changes where its server offers it; whether it did. */
export type ResourceWatcher = (serverId: string, uri: string) => Promise<boolean>;

/**
 * A new or edited user message as it arrives: each resource part keeps only what the browser may say
 * (the server's id and the URI; chat-request.ts drops the rest), and the host reads the resource on
 * the user's own connection and stores what the model may have of it, the server's name, the name
 * it lists the resource under, and a fresh spotlight boundary. A part already read (the same message
 * sent again) is read again: the host never takes a reading from the browser.
 */
export async function settleResourceParts<M extends Message>(
  message: M,
  read: ResourceReader,
  listedName: (serverId: string, uri: string) => string | undefined,
  watch: ResourceWatcher = async () => false,
  boundary: () => string = randomBoundary,
): Promise<M> {
  if (!message.parts.some((p) => p.type === RESOURCE_PART)) return message;
  const parts = await Promise.all(
    message.parts.map(async (part): Promise<Part> => {
      if (!isResourcePart(part)) return part;
      const { serverId, uri } = part.data;
      const got = await read(serverId, uri);
      const name = listedName(serverId, uri);
      const readAt = Date.now();
      const watched = got.ok && (await watch(serverId, uri));
      const settled: ResourcePart & Part = {
        type: RESOURCE_PART,
        data: {
          serverId,
          uri,
          ...(got.serverName ? { serverName: got.serverName } : {}),
          ...(name ? { name } : {}),
          ...(got.ok ? { reading: got.reading } : { error: got.error }),
          boundary: boundary(),
          readAt,
          ...(watched ? { watched: true as const } : {}),
        },
      };
      return settled;
    }),
  );
  return { ...message, parts };
}
