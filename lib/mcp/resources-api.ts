import 'server-only';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { HostError } from '../http/host-errors';
import { type Completions, MAX_ARGUMENT_VALUE, readCompletions } from '../mcplet/prompts';
import { type ResourceReading, readResourceContents } from '../mcplet/resource-projection';
import { MAX_RESOURCE_URI, type ResourceListItem } from '../mcplet/resources';
import { ServerUnavailableError } from './connection';
import { type ListProblem, readyServers } from './ready-servers';
import type { McpRegistry } from './registry';
import { safeErrorText } from './wire-errors';

/**
 * GET /api/resources: every resource and template of the servers this user sees (their own and the
 * operator's, `listFor`), as last listed; another user's server is not among them. A server whose
 * resources could not be listed is named with the reason.
 */
export async function resourcesFor(
  registry: McpRegistry,
  userId: string,
): Promise<{ resources: ResourceListItem[]; problems: ListProblem[] }> {
  const resources: ResourceListItem[] = [];
  const problems: ListProblem[] = [];
  for (const connection of await readyServers(registry, userId)) {
    const serverId = connection.config.id;
    const serverName = connection.config.name;
    const completions = connection.capabilities?.completions !== undefined;
    const listed = connection.resources;
    for (const resource of listed.resources)
      resources.push({ ...resource, kind: 'resource', serverId, serverName });
    for (const template of listed.templates)
      resources.push({ ...template, kind: 'template', serverId, serverName, completions });
    if (connection.resourcesError) problems.push({ serverId, serverName, error: connection.resourcesError });
  }
  return { resources, problems };
}

const completeAsk = z.object({
  serverId: z.string().min(1).max(100),
  uriTemplate: z.string().min(1).max(MAX_RESOURCE_URI),
  argument: z.object({ name: z.string().min(1).max(100), value: z.string().max(MAX_ARGUMENT_VALUE) }),
  context: z.object({ arguments: z.record(z.string(), z.string().max(MAX_ARGUMENT_VALUE)) }).optional(),
});

/**
 * POST /api/resources/complete { serverId, uriTemplate, argument, context? }: MCP `completion/complete`
 * with `ref/resource`, for a template the server listed and one of its variables; asked only of a
 * server that declares `completions` (409 otherwise).
 */
export async function completeResourceFor(
  registry: McpRegistry,
  userId: string,
  body: unknown,
): Promise<Completions> {
  const parsed = completeAsk.safeParse(body);
  if (!parsed.success)
    throw new HostError(400, 'Name the server, the template, and the variable with the text typed so far.');
  const { serverId, uriTemplate, argument, context } = parsed.data;
  const connection = registry.getFor(serverId, userId);
  if (!connection) throw new HostError(404, 'No such server.');
  const template = connection.resources.templates.find((t) => t.uriTemplate === uriTemplate);
  if (!template) throw new HostError(404, `${connection.config.name} has no such resource template.`);
  if (!template.variables.includes(argument.name))
    throw new HostError(400, `The template has no variable "${argument.name.slice(0, 60)}".`);
  if (connection.capabilities?.completions === undefined)
    throw new HostError(409, `${connection.config.name} does not offer completions.`);
  const others = Object.fromEntries(
    Object.entries(context?.arguments ?? {}).filter(
      ([name, value]) => name !== argument.name && value !== '' && template.variables.includes(name),
    ),
  );
  try {
    const result = await connection.complete({
      ref: { type: 'ref/resource', uri: uriTemplate },
      argument,
      ...(Object.keys(others).length > 0 ? { context: { arguments: others } } : {}),
    });
    return readCompletions(result);
  } catch (error) {
    if (error instanceof ServerUnavailableError) throw new HostError(503, error.message);
    throw new HostError(
      502,
      `${connection.config.name} could not complete the value: ${safeErrorText(error)}`,
    );
  }
}

/**
 * Subscribes to a resource a message attached, on the user's own connection, where the server offers
 * it (2025-era resources/subscribe); never throws.
 */
export async function watchResource(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  uri: string,
): Promise<boolean> {
  return (await registry.getFor(serverId, userId)?.subscribeResource(uri)) ?? false;
}

const changesAsk = z.object({
  items: z
    .array(
      z.object({
        serverId: z.string().min(1).max(100),
        uri: z.string().min(1).max(MAX_RESOURCE_URI),
        since: z.number().int().nonnegative(),
      }),
    )
    .max(50),
});

/**
 * POST /api/resources/changes { items: [{ serverId, uri, since }] }: for each attached resource,
 * whether its server said it changed (notifications/resources/updated) after `since`; only of the
 * user's own servers (another's reads as unchanged).
 */
export function resourceChanges(
  registry: McpRegistry,
  userId: string,
  body: unknown,
): { changed: boolean[] } {
  const parsed = changesAsk.safeParse(body);
  if (!parsed.success)
    throw new HostError(400, 'Name each resource by its server, its URI and when it was read.');
  return {
    changed: parsed.data.items.map(({ serverId, uri, since }) => {
      const at = registry.getFor(serverId, userId)?.resourceUpdatedAt(uri);
      return at !== undefined && at > since;
    }),
  };
}

/** A resource as the host read it for the model: its contents (lib/mcplet/resource-projection.ts) or why not. */
export type ReadForModel =
  | { ok: true; serverName: string; reading: ResourceReading }
  | { ok: false; serverName?: string; error: string };

/**
 * MCP `resources/read` of one resource, on this user's own connection to that server, read for the
 * model (filtered, cut and described once, here). Only the host reads: the browser names a server and
 * a URI, the model does so through the host's read tool, and neither ever gets the server's answer
 * from anywhere but the host.
 */
export async function readResourceFor(
  registry: McpRegistry,
  userId: string,
  serverId: string,
  uri: string,
): Promise<ReadForModel> {
  const connection = registry.getFor(serverId, userId);
  if (!connection) return { ok: false, error: 'no such server' };
  const serverName = connection.config.name;
  if (connection.capabilities && connection.capabilities.resources === undefined)
    return { ok: false, serverName, error: `${serverName} offers no resources` };
  const listed = connection.resources.resources.find((r) => r.uri === uri) ?? {};
  try {
    const result = await connection.readResourceAsSent(uri);
    return { ok: true, serverName, reading: readResourceContents(result, undefined, listed) };
  } catch (error) {
    const why =
      error instanceof ServerUnavailableError
        ? error.message
        : error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout
          ? `${serverName} did not answer in time`
          : error instanceof ProtocolError && error.code === ProtocolErrorCode.ResourceNotFound
            ? `${serverName} has no such resource`
            : `${serverName} could not read it: ${safeErrorText(error)}`;
    return { ok: false, serverName, error: why };
  }
}
