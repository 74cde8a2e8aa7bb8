import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  ATTACHMENT_URL_PREFIX,
  type AttachmentFacts,
  type AttachmentLimits,
  attachmentIdOf,
  attachmentProblem,
  isTextType,
} from '../chat/attachment-rules';
import type { NewAttachment } from '../db/queries/attachments';
import { type CredentialPattern, findCredentials } from '../trust/credentials';
import type { ChatRequest } from './chat-request';

type FilePart = Extract<NonNullable<ChatRequest['message']>['parts'][number], { type: 'file' }>;

export type IntakeResult =
  | {
      ok: true;
      /** The message with each new file's part naming its stored attachment instead of carrying it. */
      message: NonNullable<ChatRequest['message']>;
      /** The new files, to store with the conversation. */
      files: NewAttachment[];
      /** Attachments stored earlier that the message names again (a retry or an edit): the user's own only. */
      refs: string[];
    }
  | { ok: false; status: number; error: string };

export interface IntakeRules {
  limits: AttachmentLimits;
  /** What the conversation's model takes (model-inputs.ts). */
  accepts: readonly string[];
  modelLabel: string;
  credentialPatterns: readonly CredentialPattern[];
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** The first bytes of the binary types a browser may name: a file is what its type says, or it is refused. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  'application/pdf': (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
};

function contentProblem(name: string, mediaType: string, bytes: Buffer): string | null {
  const signature = SIGNATURES[mediaType];
  if (signature && !signature(bytes)) return `"${name}" is not the ${mediaType} file it says it is.`;
  if (isTextType(mediaType)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return `"${name}" is not UTF-8 text.`;
    }
  }
  return null;
}

const refused = (error: string): IntakeResult => ({ ok: false, status: 400, error });

/**
 * A message's file parts as the server takes them: the host's limits (count, type, size) and the
 * conversation's model's capability checked again here whatever the browser checked, each new file's
 * bytes checked against its type, and the file moved out of the part into an attachment of its own
 * (the part keeps its URL). A text file holding a credential is sealed at rest; the model reads it
 * masked (attachment-parts.ts).
 */
export function takeAttachments(
  message: NonNullable<ChatRequest['message']>,
  rules: IntakeRules,
): IntakeResult {
  const fileParts = message.parts.filter((p): p is FilePart => p.type === 'file');
  if (fileParts.length === 0) return { ok: true, message, files: [], refs: [] };
  if (fileParts.length > rules.limits.maxFiles) {
    const problem = attachmentProblem(
      fileParts.map((p) => ({ name: p.filename ?? 'file', mediaType: p.mediaType, size: 1 })),
      rules.limits,
      rules.accepts,
      rules.modelLabel,
    );
    return refused(problem ?? 'Too many files.');
  }
  const files: NewAttachment[] = [];
  const refs: string[] = [];
  const facts: AttachmentFacts[] = [];
  const parts: (typeof message.parts)[number][] = [];
  for (const part of message.parts) {
    if (part.type !== 'file') {
      parts.push(part);
      continue;
    }
    const name = part.filename ?? 'file';
    const ref = attachmentIdOf(part.url);
    if (ref) {
      refs.push(ref);
      parts.push({
        type: 'file',
        mediaType: part.mediaType,
        url: part.url,
        ...(part.filename ? { filename: name } : {}),
      });
      continue;
    }
    const match = DATA_URL.exec(part.url);
    if (!match) return refused(`"${name}" must be sent as a base64 data URL.`);
    const [, urlType, base64 = ''] = match;
    if (urlType !== part.mediaType) return refused(`"${name}" names two different types.`);
    const bytes = Buffer.from(base64, 'base64');
    facts.push({ name, mediaType: part.mediaType, size: bytes.length });
    const problem =
      attachmentProblem(facts, rules.limits, rules.accepts, rules.modelLabel) ??
      contentProblem(name, part.mediaType, bytes);
    if (problem) return refused(problem);
    const sealed =
      isTextType(part.mediaType) &&
      findCredentials(bytes.toString('utf8'), rules.credentialPatterns).length > 0;
    const id = randomBytes(18).toString('base64url');
    files.push({
      id,
      name,
      mediaType: part.mediaType,
      size: bytes.length,
      base64: bytes.toString('base64'),
      sealed,
    });
    parts.push({
      type: 'file',
      mediaType: part.mediaType,
      filename: name,
      url: `${ATTACHMENT_URL_PREFIX}${id}`,
    });
  }
  return { ok: true, message: { ...message, parts }, files, refs };
}
