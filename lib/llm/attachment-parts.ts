import 'server-only';
import type { UIMessage } from 'ai';
import { attachmentIdOf, isTextType, modelTakes, typeInWords } from '../chat/attachment-rules';
import type { StoredAttachment } from '../db/queries/attachments';
import { cleanText } from '../mcplet/model-facing';
import type { RedactionOptions } from '../trust/redaction';

type Part = UIMessage['parts'][number];

export type AttachmentLoader = (ids: readonly string[]) => Promise<Map<string, StoredAttachment>>;

function idsIn(messages: readonly UIMessage[]): string[] {
  const ids = new Set<string>();
  for (const message of messages)
    for (const part of message.parts) {
      const id = part.type === 'file' ? attachmentIdOf(part.url) : null;
      if (id) ids.add(id);
    }
  return [...ids];
}

/**
 * A file part as the model gets it, from the attachment it names (the user's own, loaded by the
 * host): a text file as words with credentials masked and the conversation's sensitive values
 * scrubbed, as any tool output is (lib/mcplet/model-facing.ts); an image or a PDF the model takes as
 * a file part carrying its bytes; anything else as a sentence saying what was not sent.
 */
function forModel(
  part: Extract<Part, { type: 'file' }>,
  found: Map<string, StoredAttachment>,
  accepts: readonly string[],
  options: RedactionOptions,
): Part {
  const id = attachmentIdOf(part.url);
  const file = id ? found.get(id) : undefined;
  const name = cleanText(part.filename ?? 'file', options);
  if (!file) return { type: 'text', text: `[The attached file "${name}" is not available.]` };
  if (isTextType(file.mediaType)) {
    const text = cleanText(Buffer.from(file.base64, 'base64').toString('utf8'), options);
    return { type: 'text', text: `[The user attached the text file "${name}":]\n${text}` };
  }
  if (!modelTakes(accepts, file.mediaType))
    return {
      type: 'text',
      text: `[The user attached a ${typeInWords(file.mediaType)} "${name}"; this model does not take it, so it is not shown.]`,
    };
  return {
    type: 'file',
    mediaType: file.mediaType,
    filename: name,
    url: `data:${file.mediaType};base64,${file.base64}`,
  };
}

/**
 * The history with every file part resolved for the model (`forModel`): the parts name their
 * attachments by URL, and only here, on the way to the model, are the bytes read. A part naming an
 * attachment that is not this user's finds nothing.
 */
export async function attachmentsForModel(
  history: UIMessage[],
  load: AttachmentLoader,
  accepts: readonly string[],
  options: RedactionOptions = {},
): Promise<UIMessage[]> {
  const ids = idsIn(history);
  if (!history.some((m) => m.parts.some((p) => p.type === 'file'))) return history;
  const found = await load(ids);
  return history.map((message) =>
    message.parts.some((p) => p.type === 'file')
      ? {
          ...message,
          parts: message.parts.map((p) => (p.type === 'file' ? forModel(p, found, accepts, options) : p)),
        }
      : message,
  );
}
