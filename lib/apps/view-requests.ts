import type {
  CallToolResult,
  CreateMessageRequest,
  CreateMessageResult,
  ListResourcesResult,
  ReadResourceResult,
} from '@modelcontextprotocol/client';
import { type RefusalReason, refusalWords } from '../gates/answers';
import { type CallResponse, envelopeError } from '../mcp/call-response';
import { GATE_TABLE } from '../mcplet/gates';
import { useCallsInFlight } from '../store/calls-in-flight';
import { askGate, type GateAnswer, type GatePrompt } from '../store/gates';
import { useNotices } from '../store/notices';
import { useToolChanges } from '../store/tool-changes';

/**
 * JSON-RPC codes of a view's refused request (the bridge sends `code`, `message` and `data` as they
 * are): the user's cancel takes LSP's RequestCancelled, a confirmation nobody answered the MCP SDK's
 * RequestTimeout, any other refusal a host code of its own. The message is plain words for the user.
 */
export const VIEW_ERROR_CODES = { cancelled: -32800, timedOut: -32001, refused: -32010 } as const;

export class ViewRequestError extends Error {
  constructor(
    message: string,
    readonly code: number = VIEW_ERROR_CODES.refused,
    readonly data?: { reason: RefusalReason },
  ) {
    super(message);
    this.name = 'ViewRequestError';
  }
}

/** A call the user did not let through at the host's gate, as the view receives it. */
export function gateRefusalError(reason: RefusalReason): ViewRequestError {
  const code =
    reason === 'cancelled'
      ? VIEW_ERROR_CODES.cancelled
      : reason === 'expired'
        ? VIEW_ERROR_CODES.timedOut
        : VIEW_ERROR_CODES.refused;
  return new ViewRequestError(refusalWords(reason), code, { reason });
}

/**
 * `tools/call` from a view: sent to the host API as surface `app`, always for the view's own server
 * (the bridge fixes `serverId`; the view cannot choose it). A policy refusal becomes a JSON-RPC error
 * the view receives; a tool failure becomes an `isError` result (10.7).
 */
export async function callToolFromView(
  serverId: string,
  name: string,
  args: unknown,
  from?: { conversationId: string; viewId: string },
): Promise<CallToolResult> {
  const end = useCallsInFlight.getState().begin();
  try {
    return await callFromView(serverId, name, args, from);
  } finally {
    end();
  }
}

async function callFromView(
  serverId: string,
  name: string,
  args: unknown,
  from?: { conversationId: string; viewId: string },
): Promise<CallToolResult> {
  const response = await fetch('/api/tools/call', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      serverId,
      toolName: name,
      surface: 'app',
      args: args ?? {},
      // The server checks these against its own records; they only narrow a remembered approval.
      ...(from?.conversationId ? from : {}),
    }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ViewRequestError(body.error ?? `The host refused the call (HTTP ${response.status}).`);
  }
  let outcome: CallResponse;
  let answer: GateAnswer | undefined;
  if (response.status === 202) {
    // docs/security.md, "View tool calls": the host's own gate runs, drawn outside the view's frame.
    const { gate } = (await response.json()) as { gate: GatePrompt };
    const answered = await askGate(gate, (given) => {
      answer = given;
    });
    if (!answered.ok) throw new ViewRequestError(answered.error ?? 'The confirmation failed.');
    outcome = answered.result as CallResponse;
  } else {
    outcome = (await response.json()) as CallResponse;
  }
  if (!outcome.decision.allow) {
    // docs/security.md, "Rug-pulls": the card of this view offers to review the change.
    if (outcome.decision.code === 'TOOL_CHANGED')
      useToolChanges.getState().report({ serverId, toolName: name });
    throw new ViewRequestError(`Refused by the host: ${outcome.decision.reason}`);
  }
  const level = outcome.decision.gate;
  if (outcome.sent && level && GATE_TABLE[level].browser === 'notice')
    useNotices.getState().push({ id: crypto.randomUUID(), toolName: name, serverId, args });
  if (outcome.result) return outcome.result;
  if (!outcome.sent && answer && !answer.approved) throw gateRefusalError(answer.reason ?? 'cancelled');
  const error = envelopeError(outcome.envelope);
  if (error && !outcome.sent && error.code === 'AUTH_REQUIRED') throw new ViewRequestError(error.message);
  return {
    isError: true,
    content: [{ type: 'text', text: error ? `${error.message} (${error.code})` : 'The call failed.' }],
  };
}

/**
 * `sampling/createMessage` from a view: sent to the host with the view's own id only; the host finds
 * the view in its records, and the request waits at the host's sampling dialog like its server's
 * would (counted as a call in flight, so the dialog is looked for at once). A refusal becomes the
 * JSON-RPC error the view receives, in words.
 */
export async function sampleFromView(
  conversationId: string | undefined,
  viewId: string,
  params: CreateMessageRequest['params'],
): Promise<CreateMessageResult> {
  if (!conversationId) throw new ViewRequestError('A view outside a conversation cannot ask the model.');
  const end = useCallsInFlight.getState().begin();
  try {
    const response = await fetch(`/api/conversations/${encodeURIComponent(conversationId)}/view-sampling`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewId, params }),
    });
    const body = (await response.json().catch(() => ({}))) as CreateMessageResult & { error?: string };
    if (!response.ok)
      throw new ViewRequestError(body.error ?? `The host refused the request (HTTP ${response.status}).`);
    return body;
  } finally {
    end();
  }
}

export async function readResourceFromView(serverId: string, uri: string): Promise<ReadResourceResult> {
  const response = await fetch('/api/apps/resources', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serverId, uri }),
  });
  if (!response.ok) throw new ViewRequestError(`Could not read ${uri} (HTTP ${response.status}).`);
  return (await response.json()) as ReadResourceResult;
}

export async function listResourcesFromView(serverId: string): Promise<ListResourcesResult> {
  const response = await fetch(`/api/apps/resources?server=${encodeURIComponent(serverId)}`);
  if (!response.ok) throw new ViewRequestError(`Could not list resources (HTTP ${response.status}).`);
  return (await response.json()) as ListResourcesResult;
}

/** `ui/open-link`: http(s) only, opened without giving the new page a handle on the host. */
export function safeLink(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Text of MCP content blocks, for `ui/message` and `ui/update-model-context`. */
export function blocksText(content: unknown, structured?: unknown): string {
  const parts: string[] = [];
  const list = Array.isArray(content) ? content : content ? [content] : [];
  for (const block of list) {
    if (block && typeof block === 'object' && (block as { type?: unknown }).type === 'text') {
      const text = (block as { text?: unknown }).text;
      if (typeof text === 'string') parts.push(text);
    }
  }
  if (structured && typeof structured === 'object') parts.push(JSON.stringify(structured));
  return parts.join('\n').trim();
}

/** The last path segment of a resource URI, reduced to a safe file name. */
export function downloadName(uri: unknown): string {
  const raw = typeof uri === 'string' ? (uri.split(/[/?#]/).filter(Boolean).pop() ?? '') : '';
  const cleaned = raw
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return cleaned || 'download';
}
