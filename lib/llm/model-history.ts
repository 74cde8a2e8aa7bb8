import { isToolUIPart, type UIMessage } from 'ai';
import { isPromptPart } from '../chat/prompt-part';
import { isResourcePart } from '../chat/resource-part';
import { cleanText, cleanValue, type ModelFacing, projectModelFacing } from '../mcplet/model-facing';
import type { ModelContent } from '../mcplet/projection';
import { promptForModel } from '../mcplet/prompt-projection';
import { resourceForModel } from '../mcplet/resource-projection';
import type { RedactionOptions } from '../trust/redaction';
import { isInterruptedMark } from './reply-metadata';

const UNFINISHED: ModelContent = [
  { type: 'text', text: 'This call did not finish: the reply was stopped while it waited or ran.' },
];
const WITHHELD: ModelContent = [{ type: 'text', text: 'This tool result is not available to the model.' }];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Content projected before results were redacted for the model (stored as it was sent): scrubbed and masked again, never trusted as clean. */
function legacyContent(content: unknown[], options: RedactionOptions): ModelContent {
  const out: ModelContent = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string')
      out.push({ type: 'text', text: cleanText(block.text, options) });
    else if (
      (block.type === 'image' || block.type === 'audio') &&
      typeof block.data === 'string' &&
      typeof block.mimeType === 'string'
    )
      out.push({ type: block.type, data: block.data, mimeType: block.mimeType });
  }
  return out;
}

/**
 * MCPlet 15: the one projection of a tool output (a host tool's, a view tool's, a
 * derived result's), fresh at dispatch (`toModelOutput`) or stored (`modelFacingHistory`): its
 * stored model-facing form through `projectModelFacing` with the conversation's scrub set now.
 * `content` is what this function returned before (a rebuilt history), or an output stored before results were redacted for the model.
 */
export function projectToolOutput(output: unknown, options: RedactionOptions = {}): ModelContent {
  if (!isRecord(output)) return WITHHELD;
  if (isRecord(output.model) || Array.isArray(output.model))
    return projectModelFacing(output.model as ModelFacing | ModelFacing[], options).content;
  if (Array.isArray(output.content)) return legacyContent(output.content, options);
  return WITHHELD;
}

type Part = UIMessage['parts'][number];

function cleanPart(part: Part, options: RedactionOptions): Part {
  // A preliminary output (a gate's wait, a progress report) is all a call has when its reply was
  // stopped while it ran: the model reads that it did not finish.
  if (isToolUIPart(part) && part.state === 'output-available' && part.preliminary)
    return { ...part, input: cleanValue(part.input, options), output: { content: UNFINISHED } };
  // A prompt's text is a server's: masked, scrubbed and spotlighted as that server's data.
  if (isPromptPart(part)) return { type: 'text', text: promptForModel(part.data, options) };
  // An attached resource is its server's data: filtered, cut, masked, scrubbed and spotlighted.
  if (isResourcePart(part)) return { type: 'text', text: resourceForModel(part.data, options) };
  // A file the host read for the model (attachment-parts.ts): its bytes are not text to mask.
  if (part.type === 'file')
    return part.filename ? { ...part, filename: cleanText(part.filename, options) } : part;
  if (isToolUIPart(part) && part.state === 'output-available')
    return {
      ...part,
      input: cleanValue(part.input, options),
      output: { content: projectToolOutput(part.output, options) },
    };
  return cleanValue(part, options);
}

/**
 * Before history goes to the model: every stored tool output becomes its model projection (the full
 * result, structuredContent, _meta and envelope stay in storage for views and never reach the model,
 * even when the tool that produced it is gone), a prompt part of a user message becomes the prompt's
 * text spotlighted as its server's data (lib/mcplet/prompt-projection.ts), an attached resource its
 * contents the same way (lib/mcplet/resource-projection.ts), and every other text (the
 * user's messages, a view's `ui/message` among them, the model's own) has credentials masked and the
 * conversation's sensitive values scrubbed. A message nothing changed in is returned as it was. The mark of a turn cut by a
 * crash is left out: it says something to the user, and the model did not say it.
 */
export function modelFacingHistory(messages: UIMessage[], options: RedactionOptions = {}): UIMessage[] {
  return messages.flatMap((message) => {
    if (isInterruptedMark(message)) return [];
    const parts = message.parts.map((part) => cleanPart(part, options));
    const changed = parts.some(
      (part, index) => JSON.stringify(part) !== JSON.stringify(message.parts[index]),
    );
    return [changed ? { ...message, parts } : message];
  });
}
