import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { HostCallToolResultSchema } from './call-result-schema';

/**
 * Content item types the host reads beyond MCP's closed list: `secret_reference` (the
 * sensitive-output proposal, section 4). The SDK's v2 client checks a result's content against
 * the spec's list on the 2026-07-28 wire before any schema of the caller runs, so such a result
 * would be refused whole.
 */
const EXTENSION_TYPES = new Set(['secret_reference']);

const RawResult = z.looseObject({ result: z.looseObject({ content: z.array(z.unknown()) }) });

function isExtensionItem(item: unknown): boolean {
  return (
    typeof item === 'object' &&
    item !== null &&
    EXTENSION_TYPES.has(String((item as { type?: unknown }).type))
  );
}

/**
 * A response as the SDK's client is given it: each extension item of a result's content stands in
 * as an empty text item, so the client accepts the rest of the result and checks it as usual. The
 * host reads the items themselves from the response as it came (`extensionContent`).
 */
export function readableForClient(message: JSONRPCMessage): JSONRPCMessage {
  const parsed = RawResult.safeParse(message);
  if (!parsed.success || !parsed.data.result.content.some(isExtensionItem)) return message;
  const content = parsed.data.result.content.map((item) =>
    isExtensionItem(item) ? { type: 'text', text: '' } : item,
  );
  // The same response with other content items: still a JSON-RPC response, which the parse above
  // checked only in the part it reads.
  return { ...message, result: { ...parsed.data.result, content } } as JSONRPCMessage;
}

/**
 * The content of a tool result as the server sent it, when it holds an extension item (checked by
 * the host's own result schema); nothing otherwise, and the client's reading stands.
 */
export function extensionContent(response: JSONRPCMessage | undefined) {
  const parsed = RawResult.safeParse(response);
  if (!parsed.success || !parsed.data.result.content.some(isExtensionItem)) return undefined;
  const checked = HostCallToolResultSchema.shape.content.safeParse(parsed.data.result.content);
  return checked.success ? checked.data : undefined;
}
