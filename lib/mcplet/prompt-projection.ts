import type { PromptPartData } from '../chat/prompt-part';
import type { RedactionOptions } from '../trust/redaction';
import { cleanText } from './model-facing';
import { spotlight, storedBoundary } from './projection';

/** What the host says before a prompt's text, in its own words (no server text in it). */
export const PROMPT_LEAD = '[The user inserted a prompt from an MCP server here; its text follows.]';

/**
 * What the model gets of a prompt part of a user message (MCP prompts are server text, like tool
 * results): the host's lead line, then the text with credentials masked and the conversation's
 * withheld values scrubbed (`cleanText` with the conversation's redaction options), spotlighted as
 * untrusted data from that prompt of that server (15, WebMCP 6.4.3: the same mark tool results get).
 * Nothing in the part can turn this off: every prompt part is projected so, whatever else it says.
 * The boundary the host stored is reused (the same history gives the same bytes) unless it is not
 * one the host draws or the text now holds it; then a fresh one is drawn.
 */
export function promptForModel(
  data: Pick<PromptPartData, 'serverId' | 'serverName' | 'name' | 'text' | 'boundary'>,
  options: RedactionOptions = {},
): string {
  const text = cleanText(data.text, options);
  const boundary = storedBoundary(data.boundary, text);
  const from = cleanText(
    `the prompt "${data.name}" of the MCP server ${data.serverName ?? data.serverId}`,
    options,
  );
  return `${PROMPT_LEAD}\n${spotlight(text, from, boundary)}`;
}
