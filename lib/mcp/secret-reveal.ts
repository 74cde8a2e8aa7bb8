import 'server-only';
import type { UIMessage } from 'ai';
import type { Db } from '../db';
import { listMessages } from '../db/queries/messages';
import { createGuardedFetch, OutboundRefusedError } from '../net/guard';
import {
  REVEAL_FAILURES,
  type RevealFailure,
  readRedemption,
  redemptionTarget,
  secretReferencesOf,
} from '../trust/secret-reference';
import type { McpRegistry } from './registry';

/** The browser names a reference only; the URL comes from the result the server stored (4b). */
export interface RevealRequest {
  conversationId: string;
  toolCallId: string;
  referenceId: string;
}

export type RevealOutcome =
  | { ok: true; value: string }
  | { ok: false; failure: RevealFailure; status: number; message: string };

const REDEEM_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 64 * 1024;

function failed(failure: RevealFailure): RevealOutcome {
  return { ok: false, failure, ...REVEAL_FAILURES[failure] };
}

interface StoredOutput {
  serverId?: unknown;
  result?: unknown;
  /** When the host received the result (lib/llm/host-tools.ts), the start of a reference's ttl. */
  ranAt?: unknown;
}

/** The host tool output a tool part of this conversation stored, by its call id. */
function storedOutput(messages: UIMessage[], toolCallId: string): StoredOutput | undefined {
  for (const message of messages) {
    for (const part of message.parts) {
      if (!('toolCallId' in part) || part.toolCallId !== toolCallId) continue;
      if (part.state !== 'output-available') continue;
      const output = part.output as { view?: StoredOutput } | undefined;
      if (output?.view) return output.view;
    }
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reveals one secret reference the user's own conversation holds: the stored result is looked up
 * (owner only), the pure rules pick the URL, and the host GETs it through the outbound guard with
 * the headers it holds for that server. The value goes back to the caller only: nothing here
 * stores or logs it.
 */
export async function revealSecret(
  deps: { db: Db; registry: McpRegistry },
  userId: string,
  request: RevealRequest,
  now = Date.now(),
): Promise<RevealOutcome> {
  const messages = await listMessages(deps.db, userId, request.conversationId);
  const output = storedOutput(messages, request.toolCallId);
  const reference = secretReferencesOf(output?.result).find((r) => r.id === request.referenceId);
  if (!output || !reference) return failed('not-found');
  const connection =
    typeof output.serverId === 'string' ? deps.registry.getFor(output.serverId, userId) : undefined;
  if (!connection) return failed('server-gone');
  const transport = connection.config.transport;
  const receivedAt = typeof output.ranAt === 'number' ? output.ranAt : undefined;
  const target = redemptionTarget(reference, transport, { receivedAt, now });
  if (!target.ok) return failed(target.failure);

  const fetch = createGuardedFetch(connection.outboundPolicy);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'GET',
      headers: { ...(transport.type === 'http' ? transport.headers : {}), accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(REDEEM_TIMEOUT_MS),
    });
  } catch (error) {
    return failed(error instanceof OutboundRefusedError ? 'refused' : 'unreachable');
  }
  const body = response.status === 200 ? await readBody(response) : await response.body?.cancel();
  const read = readRedemption(response.status, body);
  return read.ok ? { ok: true, value: read.value } : failed(read.failure);
}
