import type { UIMessage } from 'ai';
import { isPromptPart, PROMPT_PART, type PromptPart } from '../chat/prompt-part';
import { isResourcePart } from '../chat/resource-part';
import { randomBoundary } from '../mcplet/projection';

type Part = UIMessage['parts'][number];
type Message = { parts: Part[] };

/**
 * A new or edited user message as it arrives: each prompt part keeps what the browser may say (the
 * server's id, the prompt's name and title, the text), and the host adds the rest: the server's name
 * as this user knows it (`serverName`, from the user's own registry; absent when they have no such
 * server) and a fresh spotlight boundary, stored with the message. Nothing the browser put in the
 * part survives beyond those fields (chat-request.ts drops it), so nothing it says can change how the
 * part reaches the model (lib/mcplet/prompt-projection.ts).
 */
export function settlePromptParts<M extends Message>(
  message: M,
  serverName: (serverId: string) => string | undefined,
  boundary: () => string = randomBoundary,
): M {
  if (!message.parts.some((p) => p.type === PROMPT_PART)) return message;
  const parts = message.parts.map((part): Part => {
    if (!isPromptPart(part)) return part;
    const { serverId, name, title, text } = part.data;
    const known = serverName(serverId);
    const settled: PromptPart & Part = {
      type: PROMPT_PART,
      data: {
        serverId,
        ...(known ? { serverName: known } : {}),
        name,
        ...(title ? { title } : {}),
        text,
        boundary: boundary(),
      },
    };
    return settled;
  });
  return { ...message, parts };
}

/**
 * An edit of the latest message keeps what the host knew was a prompt's text marked: a text part
 * that still holds the whole text of one of the stored message's prompt parts becomes a prompt
 * part of that prompt again (with the user's words around it, which only makes them less trusted).
 * Text the user rewrote is the user's; the host cannot tell, and does not guess.
 */
export function keepPromptMarks(
  stored: readonly Part[],
  incoming: Part[],
  boundary: () => string = randomBoundary,
): Part[] {
  const prompts = stored.filter(isPromptPart).filter((p) => p.data.text.trim() !== '');
  if (prompts.length === 0) return incoming;
  return incoming.map((part): Part => {
    if (part.type !== 'text') return part;
    const origin = prompts.find((p) => part.text.includes(p.data.text.trim()));
    if (!origin) return part;
    const { serverId, serverName, name, title } = origin.data;
    const marked: PromptPart & Part = {
      type: PROMPT_PART,
      data: {
        serverId,
        ...(serverName ? { serverName } : {}),
        name,
        ...(title ? { title } : {}),
        text: part.text,
        boundary: boundary(),
      },
    };
    return marked;
  });
}

/** A message's words for its conversation's title: the user's own, else the prompts' and resources' names. */
export function messageWords(parts: readonly Part[]): string {
  const own = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
  if (own.trim() !== '') return own;
  return parts
    .flatMap((p) =>
      isPromptPart(p) ? [p.data.title ?? p.data.name] : isResourcePart(p) ? [p.data.name ?? p.data.uri] : [],
    )
    .join('\n');
}

/** What an edit compares: every part's text, in order, prompt text and attached resources marked as such. */
export function partsFingerprint(parts: readonly Part[]): string {
  return JSON.stringify(
    parts.flatMap((p) =>
      p.type === 'text'
        ? [['text', p.text]]
        : isPromptPart(p)
          ? [['prompt', p.data.serverId, p.data.name, p.data.text]]
          : isResourcePart(p)
            ? [['resource', p.data.serverId, p.data.uri]]
            : [],
    ),
  );
}
