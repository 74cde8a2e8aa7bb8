import 'server-only';
import type { DeploymentMode } from '../config/deployment';
import type { GateAnswer } from '../gates/answers';
import type { CommandPreview, GateTicket } from '../gates/pending';
import { gateStore } from '../gates/store';
import { type CommandVerdict, mayAskToRunCommand, type RequestOrigin } from '../trust/command-servers';
import type { ServerConnection } from './connection';
import { type McpRegistry, RegistryError } from './registry';
import { parseRegistration, type ServerRegistration } from './server-config';

/** The name a command ticket binds its approval to; no MCP server has a tool call here. */
const START_COMMAND = 'start_command_server';

type StdioRegistration = ServerRegistration & { transport: { type: 'stdio' } };

export function isCommandServer(registration: ServerRegistration): registration is StdioRegistration {
  return registration.transport.type === 'stdio';
}

export function commandPreview(registration: StdioRegistration): CommandPreview {
  const { command, env, cwd } = registration.transport;
  return { argv: [...command], envKeys: Object.keys(env ?? {}), ...(cwd ? { cwd } : {}) };
}

export type CommandAsk = { ok: true; ticket: GateTicket } | { ok: false; status: 403 | 409; reason: string };

/**
 * docs/security.md, "Command execution": asks the user, in a host-drawn dialog, to run exactly this command. Nothing is stored
 * or spawned until the approval; the ticket binds the whole registration, so the approval starts
 * only what the dialog showed.
 */
export async function askToStartCommand(
  registry: McpRegistry,
  registration: StdioRegistration,
  userId: string,
  context: { mode: DeploymentMode; from: RequestOrigin; hostOrigin: string },
): Promise<CommandAsk> {
  const verdict: CommandVerdict = mayAskToRunCommand(context.mode, context.from, context.hostOrigin);
  if (!verdict.ok) return { ok: false, status: 403, reason: verdict.reason };
  if (registry.getFor(registration.id, userId))
    return { ok: false, status: 409, reason: `A server with the id "${registration.id}" already exists.` };
  const ticket = await gateStore().open({
    kind: 'command',
    gate: 'confirm',
    // Not a tool call: the host's own page asks for a server; the surface names the server it would add.
    surface: { kind: 'app', serverId: registration.id },
    userId,
    serverId: registration.id,
    serverName: registration.name,
    bindingServer: registration.id,
    toolName: START_COMMAND,
    toolTitle: 'Run a command on this computer',
    args: registration as unknown as Record<string, unknown>,
    promptMessage:
      'This starts a program on this computer, with your rights, and again at every start of the host. Confirm only if you entered this command yourself.',
    command: commandPreview(registration),
  });
  return { ok: true, ticket };
}

export type CommandAnswer =
  | { ok: true; started: ServerConnection }
  | { ok: true; refused: string }
  | { ok: false; status: number; reason: string };

/** The user's answer to a command gate: an approval stores and starts exactly the ticket's server. */
export async function answerCommandGate(
  registry: McpRegistry,
  id: string,
  userId: string,
  answer: GateAnswer,
  mode: DeploymentMode,
): Promise<CommandAnswer> {
  const decided = await gateStore().decide(id, userId, answer);
  if (!decided.ok) return decided;
  const { ticket, outcome } = decided;
  if (ticket.kind !== 'command')
    return { ok: false, status: 400, reason: 'This is not a command confirmation.' };
  if (outcome.verdict === 'refused') return { ok: true, refused: 'Cancelled: the command was not run.' };
  const spent = await gateStore().spend(ticket.id, userId, ticket.serverId, ticket.toolName, ticket.args);
  const parsed = parseRegistration(ticket.args);
  if (!spent.ok || !parsed.ok || !isCommandServer(parsed.registration))
    return { ok: false, status: 409, reason: 'This confirmation no longer matches a command to run.' };
  if (mode !== 'local')
    return { ok: false, status: 403, reason: 'A hosted host runs no commands added over the API.' };
  try {
    return { ok: true, started: await registry.add(parsed.registration, userId, { commandApproved: true }) };
  } catch (error) {
    if (error instanceof RegistryError) return { ok: false, status: 409, reason: error.message };
    throw error;
  }
}
