import type { Checked } from './prompts';
import { MAX_RESOURCE_URI } from './resources';

/**
 * The host's read tool (`host__read_resource`) lets the model read a resource only when the
 * conversation already put it in front of the model: a `resource_link` in a tool result the model was
 * given (its model-facing form, so a link addressed to the user only does not count), or a resource
 * the user attached. Only of that server: the same URI on another server is another resource. Nothing
 * the model writes can add to the list (docs/security.md, "what may widen policy").
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function key(serverId: string, uri: string): string {
  return JSON.stringify([serverId, uri]);
}

/** The resources one stored tool output linked for the model (`output.model`, one or more results). */
function linksOfOutput(output: unknown): Array<[string, string]> {
  if (!isRecord(output) || !isRecord(output.view) || typeof output.view.serverId !== 'string') return [];
  const serverId = output.view.serverId;
  const models = Array.isArray(output.model) ? output.model : [output.model];
  const links: Array<[string, string]> = [];
  for (const model of models) {
    const content = isRecord(model) && isRecord(model.result) ? model.result.content : undefined;
    if (!Array.isArray(content)) continue;
    for (const block of content)
      if (isRecord(block) && block.type === 'resource_link' && typeof block.uri === 'string')
        links.push([serverId, block.uri]);
  }
  return links;
}

/** The resource one part of a message attached (`data-resource`), if it is one. */
function attachedBy(part: Record<string, unknown>): [string, string] | undefined {
  if (part.type !== 'data-resource' || !isRecord(part.data)) return undefined;
  const { serverId, uri } = part.data;
  return typeof serverId === 'string' && typeof uri === 'string' ? [serverId, uri] : undefined;
}

/** Every (server, URI) the conversation's messages linked or attached, as the read tool's allow-list. */
export function readableResources(messages: readonly { parts: readonly unknown[] }[]): Set<string> {
  const allowed = new Set<string>();
  for (const message of messages)
    for (const part of message.parts) {
      if (!isRecord(part)) continue;
      const attached = attachedBy(part);
      if (attached) allowed.add(key(...attached));
      if (typeof part.type === 'string' && part.type.startsWith('tool-') && part.state === 'output-available')
        for (const link of linksOfOutput(part.output)) allowed.add(key(...link));
    }
  return allowed;
}

/** Adds a tool output's links to the list (a result that arrived earlier in this very turn). */
export function addLinksOf(allowed: Set<string>, output: unknown): void {
  for (const link of linksOfOutput(output)) allowed.add(key(...link));
}

/**
 * The read tool's arguments checked against the allow-list: `{ uri, serverId? }`, text and bounded,
 * and the pair one the conversation linked or attached. Without `serverId`, the URI must have been
 * linked by exactly one server (the model sees a link's URI, not always its server's id).
 */
export function checkResourceRead(
  allowed: ReadonlySet<string>,
  input: unknown,
): Checked<{ serverId: string; uri: string }> {
  if (
    !isRecord(input) ||
    typeof input.uri !== 'string' ||
    !['string', 'undefined'].includes(typeof input.serverId)
  )
    return { ok: false, error: 'Name the resource (uri) and, if you know it, its server (serverId).' };
  const uri = input.uri;
  const named = typeof input.serverId === 'string' && input.serverId !== '' ? input.serverId : undefined;
  if (uri === '' || uri.length > MAX_RESOURCE_URI || (named && named.length > 100))
    return { ok: false, error: 'The resource URI is empty or too long.' };
  const servers = [...allowed]
    .map((entry) => JSON.parse(entry) as [string, string])
    .filter(([, linked]) => linked === uri)
    .map(([serverId]) => serverId);
  const serverId = named ?? (servers.length === 1 ? servers[0] : undefined);
  if (!named && servers.length > 1)
    return { ok: false, error: 'More than one server linked this URI: name the server (serverId).' };
  if (!serverId || !allowed.has(key(serverId, uri)))
    return {
      ok: false,
      error:
        'This resource was not linked by a tool result of that server in this conversation, nor attached by the user; the host reads only those.',
    };
  return { ok: true, value: { serverId, uri } };
}
