import type { UIMessage } from 'ai';

/**
 * A user message's text that came from an MCP prompt travels in a part of its own, not mixed into
 * the user's words: `{ type: 'data-prompt', data }`. The browser says which prompt it came from; the
 * server fills in the rest (the server's name as this user knows it, the spotlight's boundary) and
 * always gives it to the model spotlighted as that server's data (lib/mcplet/prompt-projection.ts).
 */
export const PROMPT_PART = 'data-prompt';

export interface PromptPartData {
  serverId: string;
  /** The server's name as the user knows it; set by the host when the message arrives. */
  serverName?: string;
  /** The prompt's name on its server. */
  name: string;
  /** The prompt's title, for the chip (never given to the model). */
  title?: string;
  /** The prompt's messages as text, as the user left them after editing. */
  text: string;
  /** The spotlight boundary the host drew when the message arrived (so a rebuilt history is the same). */
  boundary?: string;
}

export interface PromptPart {
  type: typeof PROMPT_PART;
  data: PromptPartData;
}

type Part = UIMessage['parts'][number];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A prompt part with the fields the host relies on (a stored part is read as untrusted JSON). */
export function isPromptPart(part: Part | PromptPart): part is PromptPart & Part {
  if (part.type !== PROMPT_PART || !('data' in part)) return false;
  const data: unknown = part.data;
  return (
    isRecord(data) &&
    typeof data.serverId === 'string' &&
    typeof data.name === 'string' &&
    typeof data.text === 'string'
  );
}

/** The chip's words: "Prompt: <title> · <server>". */
export function promptChipText(
  data: Pick<PromptPartData, 'name' | 'title' | 'serverName' | 'serverId'>,
): string {
  return `Prompt: ${data.title ?? data.name} · ${data.serverName ?? data.serverId}`;
}
