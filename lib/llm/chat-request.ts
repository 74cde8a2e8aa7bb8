import { z } from 'zod';
import { attachmentIdOf, MAX_ATTACHMENT_BYTES, MEDIA_TYPE_PATTERN } from '../chat/attachment-rules';
import { PROMPT_PART } from '../chat/prompt-part';
import { RESOURCE_PART } from '../chat/resource-part';
import { clientId } from '../http/ids';
import { MAX_RESOURCE_URI } from '../mcplet/resources';

const MAX_TEXT = 32_000;

const textPart = z.object({ type: z.literal('text'), text: z.string().max(MAX_TEXT) });

/**
 * Text that came from an MCP prompt, in a part of its own (lib/chat/prompt-part.ts). The browser says
 * only which prompt and what text; anything else it sends in the part is dropped, and the host fills
 * in the server's name and the spotlight boundary itself (prompt-parts.ts). Marking text as a
 * prompt's only makes it less trusted: the model gets every such part spotlighted.
 */
const promptPart = z.object({
  type: z.literal(PROMPT_PART),
  data: z.object({
    serverId: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
    title: z.string().max(200).optional(),
    text: z.string().max(MAX_TEXT),
  }),
});

/**
 * An MCP resource the user attached (lib/chat/resource-part.ts): the browser names the server and the
 * URI, nothing else; the host reads the resource itself (lib/llm/resource-parts.ts).
 */
const resourcePart = z.object({
  type: z.literal(RESOURCE_PART),
  data: z.object({ serverId: z.string().min(1).max(100), uri: z.string().min(1).max(MAX_RESOURCE_URI) }),
});

/**
 * A file the user attached (lib/chat/attachment-rules.ts): new, as a base64 data URL; or one stored
 * earlier, by its URL (a retry or an edit of the message). Only these fields are kept; the host's
 * limits, the model's capability and the bytes are checked by the server (attachment-intake.ts).
 */
const filePart = z.object({
  type: z.literal('file'),
  mediaType: z.string().regex(new RegExp(MEDIA_TYPE_PATTERN)),
  filename: z.string().min(1).max(255).optional(),
  url: z
    .string()
    .max(Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 200)
    .refine(
      (url) => url.startsWith('data:') || attachmentIdOf(url) !== null,
      'is not a data URL or an attachment',
    ),
});

const userMessage = z.object({
  id: clientId,
  role: z.literal('user'),
  parts: z
    .array(z.union([textPart, promptPart, resourcePart, filePart]))
    .min(1)
    .max(20)
    .refine(
      (parts) =>
        parts.some((p) =>
          p.type === RESOURCE_PART || p.type === 'file'
            ? true
            : (p.type === 'text' ? p.text : p.data.text).trim().length > 0,
        ),
      'the message is empty',
    ),
});

export const chatRequestSchema = z.object({
  id: clientId,
  trigger: z.enum(['submit-message', 'regenerate-message']),
  message: userMessage.optional(),
  /**
   * The message a new one follows, as the browser shows it: null for a conversation's first
   * message (or a version of it). Only a message the server finds stored in this user's
   * conversation is taken; the history is then the path to it, read from the database
   * (lib/llm/chat-history.ts).
   */
  parentId: clientId.nullable().optional(),
  /**
   * The client's word that this is a new chat's first message. It only orders the work: the model is
   * asked while the database opens the conversation; a wrong word costs a discarded call.
   */
  newChat: z.boolean().optional(),
  modelId: z.string().max(200).optional(),
  chatMode: z.string().max(40).optional(),
  /** Latest `ui/update-model-context` of each open view (MCP Apps); data for the model, not instructions. */
  viewContext: z
    .array(
      z.object({
        viewId: z.string().max(100),
        serverId: z.string().max(40),
        toolName: z.string().max(200),
        text: z.string().max(8_000),
      }),
    )
    .max(4)
    .optional(),
});

export type ChatRequest = z.infer<typeof chatRequestSchema>;

export function parseChatRequest(
  value: unknown,
): { ok: true; request: ChatRequest } | { ok: false; error: string } {
  const parsed = chatRequestSchema.safeParse(value);
  if (parsed.success) {
    if (!parsed.data.message) return { ok: false, error: 'Invalid chat request: message is required.' };
    return { ok: true, request: parsed.data };
  }
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'request';
  return { ok: false, error: `Invalid chat request: ${where} ${issue?.message ?? 'is invalid'}.` };
}

export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length === 0) return 'New chat';
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}
