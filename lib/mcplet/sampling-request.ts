/**
 * A server's `sampling/createMessage` request (MCP 2025-11-25, client features, "Sampling"), the
 * pure parts: what the sampling dialog shows of it, and the user's edit of its messages' text.
 * The shapes are the spec's, read structurally (the SDK validated the request before it got here).
 */

export interface SamplingBlock {
  type: string;
  text?: string;
  /** image, audio: base64 */
  data?: string;
  mimeType?: string;
  /** tool_use */
  id?: string;
  name?: string;
  input?: unknown;
  /** tool_result */
  toolUseId?: string;
  content?: unknown;
  isError?: boolean;
}

export interface SamplingMessageShape {
  role: 'user' | 'assistant';
  content: SamplingBlock | SamplingBlock[];
}

export interface SamplingTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export interface SamplingParams {
  messages: SamplingMessageShape[];
  systemPrompt?: string;
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  includeContext?: 'none' | 'thisServer' | 'allServers';
  modelPreferences?: {
    hints?: Array<{ name?: string }>;
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
  tools?: SamplingTool[];
  toolChoice?: { mode?: 'auto' | 'required' | 'none' };
  metadata?: unknown;
}

/** One block as the dialog draws it; `edit` numbers the text blocks the user may change, in order. */
export type ShownBlock =
  | { kind: 'text'; text: string; edit: number }
  | { kind: 'media'; type: string; mimeType: string }
  | { kind: 'tool-use'; name: string; input: string }
  | { kind: 'tool-result'; toolUseId: string; text: string; isError: boolean };

export interface ShownMessage {
  role: 'user' | 'assistant';
  blocks: ShownBlock[];
}

/** Everything the user is shown before deciding: the request as sent, nothing of it hidden. */
export interface SamplingShown {
  systemPrompt?: string;
  messages: ShownMessage[];
  maxTokens: number;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: string;
  tools: Array<{ name: string; description?: string }>;
  toolChoice?: string;
  /** The server asked for context from the conversation (soft-deprecated); the host sends none. */
  contextAsked?: 'thisServer' | 'allServers';
}

export function blocksOf(message: SamplingMessageShape): SamplingBlock[] {
  return Array.isArray(message.content) ? message.content : [message.content];
}

function resultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => (c && typeof c === 'object' && 'text' in c && typeof c.text === 'string' ? c.text : ''))
    .filter(Boolean)
    .join('\n');
}

/** The request as the dialog shows it. */
export function samplingShown(params: SamplingParams): SamplingShown {
  let edit = 0;
  const messages = params.messages.map(
    (message): ShownMessage => ({
      role: message.role,
      blocks: blocksOf(message).map((block): ShownBlock => {
        if (block.type === 'text') return { kind: 'text', text: block.text ?? '', edit: edit++ };
        if (block.type === 'tool_use')
          return { kind: 'tool-use', name: block.name ?? '', input: JSON.stringify(block.input ?? {}) };
        if (block.type === 'tool_result')
          return {
            kind: 'tool-result',
            toolUseId: block.toolUseId ?? '',
            text: resultText(block.content),
            isError: block.isError === true,
          };
        return { kind: 'media', type: block.type, mimeType: block.mimeType ?? 'unknown' };
      }),
    }),
  );
  const prefs = params.modelPreferences;
  return {
    ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}),
    messages,
    maxTokens: params.maxTokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences?.length ? { stopSequences: params.stopSequences } : {}),
    ...(prefs && Object.keys(prefs).length > 0 ? { modelPreferences: JSON.stringify(prefs) } : {}),
    tools: (params.tools ?? []).map((t) => ({
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
    })),
    ...(params.toolChoice?.mode ? { toolChoice: params.toolChoice.mode } : {}),
    ...(params.includeContext && params.includeContext !== 'none'
      ? { contextAsked: params.includeContext }
      : {}),
  };
}

/** The text of every text block, in the order the dialog numbers them. */
export function editableTexts(params: SamplingParams): string[] {
  return params.messages.flatMap((m) =>
    blocksOf(m).flatMap((b) => (b.type === 'text' ? [b.text ?? ''] : [])),
  );
}

/** Longest text the user may put in one block. */
export const MAX_EDITED_TEXT = 100_000;

/**
 * The user's edit: one text per text block, in order; nothing else of the request changes (roles,
 * media, tool uses and results, limits stay as the server sent them). A wrong count or an oversized
 * text is refused, and nothing is approved.
 */
export function withEditedTexts(
  params: SamplingParams,
  texts: readonly string[],
): { ok: true; params: SamplingParams } | { ok: false; reason: string } {
  const count = editableTexts(params).length;
  if (texts.length !== count)
    return {
      ok: false,
      reason: `The edit must give ${count} message text${count === 1 ? '' : 's'}, one per text block; it gave ${texts.length}. Nothing was approved.`,
    };
  if (texts.some((t) => t.length > MAX_EDITED_TEXT))
    return {
      ok: false,
      reason: `An edited text is longer than ${MAX_EDITED_TEXT} characters. Nothing was approved.`,
    };
  let next = 0;
  const messages = params.messages.map((message): SamplingMessageShape => {
    const blocks = blocksOf(message).map((block) =>
      block.type === 'text' ? { ...block, text: texts[next++] ?? '' } : block,
    );
    return { ...message, content: Array.isArray(message.content) ? blocks : (blocks[0] as SamplingBlock) };
  });
  return { ok: true, params: { ...params, messages } };
}

/** What the browser draws of a sampling request waiting for the user (never inside a view). */
export interface SamplingPrompt {
  /** The gate ticket's id: the answer goes to it. */
  id: string;
  serverName: string;
  toolName: string;
  toolTitle?: string;
  /** The view of that call asked (MCP Apps), not the server itself. */
  fromView?: boolean;
  expiresAt: number;
  request: SamplingShown;
  /** "Always allow sampling from this server" is offered (no trust reason applies). */
  offerRemember: boolean;
  /** Why nothing is offered to remember: the conversation's trust state, in words. */
  trustReasons: string[];
}
