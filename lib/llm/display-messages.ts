import 'server-only';
import type { UIMessage } from 'ai';
import { configuredCredentialPatterns } from '../config/load';
import type { Db } from '../db';
import { listMessages } from '../db/queries/messages';
import type { CredentialPattern } from '../trust/credentials';
import { maskedValue, maskToolOutput } from '../trust/display-mask';
import { conversationMessages } from './interrupted-turns';

type Part = UIMessage['parts'][number];

function isStoredOutput(part: Part): part is Part & { toolCallId: string; output: unknown } {
  return 'toolCallId' in part && part.state === 'output-available' && 'output' in part;
}

/**
 * A conversation's messages as the browser gets them when it is opened again: each tool output's
 * withheld values masked (lib/trust/display-mask.ts), so a key "shown once" is not on screen, nor
 * in the page, until the user reveals it. A turn's history for the model reads the stored messages
 * (conversationMessages), never these.
 */
export function maskMessagesForDisplay(
  messages: readonly UIMessage[],
  patterns: readonly CredentialPattern[] = configuredCredentialPatterns(),
): UIMessage[] {
  return messages.map((message) => {
    if (!message.parts.some(isStoredOutput)) return message;
    return {
      ...message,
      parts: message.parts.map((part) =>
        // The same part with another output: a spread of a union member reads as a new shape to
        // TypeScript, but nothing but `output` (typed unknown by the SDK for stored tools) changed.
        isStoredOutput(part)
          ? ({ ...part, output: maskToolOutput(part.output, patterns).output } as Part)
          : part,
      ),
    };
  });
}

/** The conversation's messages for display (the chat page, GET /api/conversations/[id]). */
export async function displayMessages(db: Db, userId: string, conversationId: string): Promise<UIMessage[]> {
  return maskMessagesForDisplay(await conversationMessages(db, userId, conversationId));
}

/**
 * The plain value behind one mask of the user's own conversation (the Reveal of a masked value):
 * the messages are read for this user only, so another user's conversation holds nothing.
 */
export async function revealMaskedValue(
  db: Db,
  userId: string,
  request: { conversationId: string; toolCallId: string; valueId: string },
  // The sealing key and credential formats: the host's own unless a test gives its.
  options: { key?: () => Buffer; patterns?: readonly CredentialPattern[] } = {},
): Promise<string | undefined> {
  const messages = await listMessages(db, userId, request.conversationId, options.key);
  for (const message of messages)
    for (const part of message.parts)
      if (isStoredOutput(part) && part.toolCallId === request.toolCallId)
        return maskedValue(part.output, request.valueId, options.patterns ?? configuredCredentialPatterns());
  return undefined;
}
