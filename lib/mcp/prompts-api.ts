import 'server-only';
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { HostError } from '../http/host-errors';
import {
  type Completions,
  checkCompletionAsk,
  checkPromptArguments,
  type PromptInfo,
  type PromptListItem,
  type PromptMessageText,
  promptMessagesText,
  readCompletions,
} from '../mcplet/prompts';
import { type ServerConnection, ServerUnavailableError } from './connection';
import { type ListProblem, readyServers } from './ready-servers';
import type { McpRegistry } from './registry';
import { safeErrorText } from './wire-errors';

/** A server whose prompts the user may expect but cannot have right now, and why. */
export type PromptProblem = ListProblem;

/**
 * GET /api/prompts: every prompt of the servers this user sees (their own and the operator's,
 * `listFor`), as last listed; another user's server is not among them. A server whose prompts could
 * not be listed is named with the reason.
 */
export async function promptsFor(
  registry: McpRegistry,
  userId: string,
): Promise<{ prompts: PromptListItem[]; problems: PromptProblem[] }> {
  const prompts: PromptListItem[] = [];
  const problems: PromptProblem[] = [];
  for (const connection of await readyServers(registry, userId)) {
    const serverId = connection.config.id;
    const serverName = connection.config.name;
    const completions = connection.capabilities?.completions !== undefined;
    for (const prompt of connection.prompts) prompts.push({ ...prompt, serverId, serverName, completions });
    if (connection.promptsError) problems.push({ serverId, serverName, error: connection.promptsError });
  }
  return { prompts, problems };
}

/** What every prompt request names; the rest is checked by the rules of lib/mcplet/prompts.ts. */
const ask = z.object({
  serverId: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  arguments: z.unknown().optional(),
  argument: z.unknown().optional(),
  context: z.unknown().optional(),
});

/** The user's server and the prompt it lists by that name: 404 for either that is not there. */
function promptOf(
  registry: McpRegistry,
  userId: string,
  body: unknown,
): { connection: ServerConnection; prompt: PromptInfo; asked: z.output<typeof ask> } {
  const parsed = ask.safeParse(body);
  if (!parsed.success) throw new HostError(400, 'Name the server (serverId) and the prompt (name).');
  const { serverId, name } = parsed.data;
  const connection = registry.getFor(serverId, userId);
  if (!connection) throw new HostError(404, 'No such server.');
  const prompt = connection.prompts.find((p) => p.name === name);
  if (!prompt) {
    if (connection.status !== 'ready')
      throw new HostError(503, `${connection.config.name} is not connected.`);
    throw new HostError(404, `${connection.config.name} has no prompt named "${name.slice(0, 60)}".`);
  }
  return { connection, prompt, asked: parsed.data };
}

/** A failed prompts/get or completion/complete as the host's answer (no remote body reflected). */
function failure(connection: ServerConnection, error: unknown, doing: string): HostError {
  const name = connection.config.name;
  if (error instanceof HostError) return error;
  if (error instanceof ServerUnavailableError) return new HostError(503, error.message);
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout)
    return new HostError(504, `${name} did not answer in time.`);
  if (error instanceof ProtocolError && error.code === ProtocolErrorCode.InvalidParams)
    return new HostError(400, `${name} refused the arguments: ${safeErrorText(error)}`);
  return new HostError(502, `${name} could not ${doing}: ${safeErrorText(error)}`);
}

export interface GotPrompt {
  serverId: string;
  serverName: string;
  name: string;
  title?: string;
  /** The prompt's messages as text, other content described in words (lib/mcplet/prompts.ts). */
  messages: PromptMessageText[];
  /** The messages as the one text the composer holds; the model gets it spotlighted when it is sent. */
  text: string;
}

/**
 * POST /api/prompts/get { serverId, name, arguments }: the arguments checked (each declared, text,
 * bounded, required ones present: 400 with the sentence), then `prompts/get` on the user's own
 * connection, and the messages as text the user edits before sending.
 */
export async function getPromptFor(registry: McpRegistry, userId: string, body: unknown): Promise<GotPrompt> {
  const { connection, prompt, asked } = promptOf(registry, userId, body);
  const args = checkPromptArguments(prompt, asked.arguments);
  if (!args.ok) throw new HostError(400, args.error);
  let result: unknown;
  try {
    result = await connection.getPrompt(prompt.name, args.value);
  } catch (error) {
    throw failure(connection, error, 'give the prompt');
  }
  const read = promptMessagesText(result);
  if (!read.ok) throw new HostError(422, `${connection.config.name}: ${read.error}`);
  return {
    serverId: connection.config.id,
    serverName: connection.config.name,
    name: prompt.name,
    ...(prompt.title ? { title: prompt.title } : {}),
    ...read.value,
  };
}

/**
 * POST /api/prompts/complete { serverId, name, argument: { name, value }, context?: { arguments } }:
 * MCP `completion/complete` with `ref/prompt`, asked only of a server that declares `completions`
 * (409 otherwise); the answer read leniently and bounded.
 */
export async function completeFor(
  registry: McpRegistry,
  userId: string,
  body: unknown,
): Promise<Completions> {
  const { connection, prompt, asked } = promptOf(registry, userId, body);
  const checked = checkCompletionAsk(prompt, asked.argument, asked.context);
  if (!checked.ok) throw new HostError(400, checked.error);
  if (connection.capabilities?.completions === undefined)
    throw new HostError(409, `${connection.config.name} does not offer completions.`);
  try {
    const result = await connection.complete({
      ref: { type: 'ref/prompt', name: prompt.name },
      ...checked.value,
    });
    return readCompletions(result);
  } catch (error) {
    throw failure(connection, error, 'complete the argument');
  }
}
