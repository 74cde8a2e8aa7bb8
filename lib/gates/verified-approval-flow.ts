import 'server-only';
import { ProtocolError } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { ServerUnavailableError } from '../mcp/connection';
import type { McpRegistry } from '../mcp/registry';
import { GATE_TABLE } from '../mcplet/gates';
import {
  type AuthenticatorClass,
  approvalRefusalReason,
  approvalRefusalText,
} from '../mcplet/verified-approval';
import { gateStore } from './store';

/** A step of SEP-2672 that cannot go on; `status` is what the route answers. */
export class VerifiedApprovalError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'VerifiedApprovalError';
  }
}

const challengeSchema = z.object({
  challengeId: z.string().min(1).max(500),
  displayText: z.string().max(5_000),
  expiresAt: z.string().max(100).optional(),
  requestOptions: z.looseObject({ challenge: z.string().min(1).max(1_000) }),
});

const enrolBeginSchema = z.object({ options: z.looseObject({ challenge: z.string().min(1).max(1_000) }) });

export type VerifiedChallenge =
  | {
      kind: 'challenge';
      displayText: string;
      requestOptions: Record<string, unknown>;
      expiresAt?: string;
      /** The kind of passkey the tool asks for (SEP-2672; cross-platform when it names none). */
      authenticatorClass: AuthenticatorClass;
    }
  | { kind: 'enrol' };

async function ticketOf(id: string, userId: string) {
  const ticket = await gateStore().ticket(id, userId);
  if (!ticket || GATE_TABLE[ticket.gate].server !== 'server-verified')
    throw new VerifiedApprovalError(404, 'No such verified approval request.');
  return ticket;
}

function connectionOf(registry: McpRegistry, ticket: { serverId: string; userId: string }) {
  const connection = registry.getFor(ticket.serverId, ticket.userId);
  if (!connection) throw new VerifiedApprovalError(404, 'The server of this request is no longer added.');
  return connection;
}

function refusal(error: unknown, serverName: string): VerifiedApprovalError {
  if (error instanceof ProtocolError) {
    const reason = approvalRefusalReason(error);
    if (reason)
      return new VerifiedApprovalError(400, `${serverName}: ${approvalRefusalText(reason)}.`, reason);
    return new VerifiedApprovalError(
      502,
      `${serverName} answered with an error: ${error.message.slice(0, 200)}`,
    );
  }
  if (error instanceof ServerUnavailableError) return new VerifiedApprovalError(503, error.message);
  if (error instanceof z.ZodError)
    return new VerifiedApprovalError(502, `${serverName} sent an approval answer this host cannot read.`);
  return new VerifiedApprovalError(502, `${serverName} could not be asked: ${String(error).slice(0, 200)}`);
}

/**
 * SEP-2672, before every verified call: the MCP server's challenge for exactly the ticket's tool
 * and arguments (never reused; a new one replaces the last). A user with no credential there gets
 * `enrol` and the server's enrolment ceremony first.
 */
export async function verifiedChallenge(
  registry: McpRegistry,
  id: string,
  userId: string,
): Promise<VerifiedChallenge> {
  const ticket = await ticketOf(id, userId);
  const connection = connectionOf(registry, ticket);
  let issued: z.infer<typeof challengeSchema>;
  try {
    issued = challengeSchema.parse(
      await connection.approvalRequest('approval/challenge/create', {
        toolName: ticket.toolName,
        arguments: ticket.args,
      }),
    );
  } catch (error) {
    const failed = refusal(error, connection.config.name);
    if (failed.reason === 'no_eligible_credential') return { kind: 'enrol' };
    throw failed;
  }
  if (!(await gateStore().recordChallenge(id, userId, issued.requestOptions.challenge, issued.challengeId)))
    throw new VerifiedApprovalError(409, 'This approval request is no longer open.');
  const tool = registry.tool(ticket.serverId, ticket.toolName, { userId });
  return {
    kind: 'challenge',
    displayText: issued.displayText,
    requestOptions: issued.requestOptions,
    authenticatorClass: tool?.verifiedApproval?.authenticatorClass ?? 'cross-platform',
    ...(issued.expiresAt ? { expiresAt: issued.expiresAt } : {}),
  };
}

/** The server's enrolment ceremony (first use): its creation options, then the new credential. */
export async function verifiedEnrolment(
  registry: McpRegistry,
  id: string,
  userId: string,
  step: { step: 'begin' } | { step: 'finish'; response: Record<string, unknown> },
): Promise<{ options: Record<string, unknown> } | { enrolled: true }> {
  const ticket = await ticketOf(id, userId);
  const connection = connectionOf(registry, ticket);
  try {
    if (step.step === 'begin')
      return enrolBeginSchema.parse(await connection.approvalRequest('approval/enroll/begin', {}));
    await connection.approvalRequest('approval/enroll/finish', { response: step.response });
    return { enrolled: true };
  } catch (error) {
    throw refusal(error, connection.config.name);
  }
}
