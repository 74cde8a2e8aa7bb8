/**
 * Files a user attaches to a message (images, PDFs, text files): the limits and the capability
 * decision, the same on both sides. The browser checks them to say at once what will not go; the
 * server checks them again on every request (lib/llm/attachment-intake.ts), since a browser's word
 * widens nothing.
 */

export interface AttachmentLimits {
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The most files on one message. */
  maxFiles: number;
  /** The media types a user may attach at all (`image/*` for every image). */
  types: string[];
}

/** The host's ceiling for `attachments.maxBytes`: a file travels base64 in the chat request. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** A media type as configured: `type/subtype`, or `type/*`. */
export const MEDIA_TYPE_PATTERN = '^[a-z]+/([a-z0-9][a-z0-9.+-]*|\\*)$';

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 4,
  types: [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'application/pdf',
    'text/plain',
    'text/markdown',
    'text/csv',
    'application/json',
  ],
};

/** Where a stored attachment is served (app/api/attachments/[id]/route.ts), to its owner only. */
export const ATTACHMENT_URL_PREFIX = '/api/attachments/';

const ATTACHMENT_ID = /^[A-Za-z0-9_-]{10,64}$/;

/** The attachment id a stored file part's URL names, or null when it names none. */
export function attachmentIdOf(url: string): string | null {
  if (!url.startsWith(ATTACHMENT_URL_PREFIX)) return null;
  const id = url.slice(ATTACHMENT_URL_PREFIX.length);
  return ATTACHMENT_ID.test(id) ? id : null;
}

/** A file the model reads as text: the host turns it into words (masked), so any model takes it. */
export function isTextType(mediaType: string): boolean {
  return mediaType.startsWith('text/') || mediaType === 'application/json';
}

/** Whether `mediaType` is among `types` (`image/*` takes every image). */
export function typeListed(types: readonly string[], mediaType: string): boolean {
  const top = mediaType.split('/')[0];
  return types.some((t) => t === mediaType || (t.endsWith('/*') && t.slice(0, -2) === top));
}

/** Whether the model takes a file of this type: text always (as words), anything else when listed. */
export function modelTakes(accepts: readonly string[], mediaType: string): boolean {
  return isTextType(mediaType) || typeListed(accepts, mediaType);
}

export interface AttachmentFacts {
  name: string;
  mediaType: string;
  size: number;
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (size >= 1024) return `${Math.round(size / 1024)} KB`;
  return `${size} byte${size === 1 ? '' : 's'}`;
}

/** A file type in words: "PNG image", "PDF", "text file". */
export function typeInWords(mediaType: string): string {
  const [top, sub = ''] = mediaType.split('/');
  if (top === 'image') return `${sub.toUpperCase()} image`;
  if (mediaType === 'application/pdf') return 'PDF';
  if (isTextType(mediaType)) return 'text file';
  return mediaType || 'file of unknown type';
}

/**
 * What the host's limits refuse among `files` (the message's attachments), in words, or null when
 * all may go. Checked before the model's own capability: these hold whatever the model.
 */
export function limitProblem(files: readonly AttachmentFacts[], limits: AttachmentLimits): string | null {
  if (files.length > limits.maxFiles)
    return limits.maxFiles === 0
      ? 'This host takes no attachments.'
      : `At most ${limits.maxFiles} file${limits.maxFiles === 1 ? '' : 's'} can go with one message.`;
  for (const file of files) {
    if (!typeListed(limits.types, file.mediaType))
      return `"${file.name}" cannot be attached: this host does not take files of its type (${file.mediaType}).`;
    if (file.size > limits.maxBytes)
      return `"${file.name}" is too large (${formatBytes(file.size)}): the limit is ${formatBytes(limits.maxBytes)}.`;
    if (file.size === 0) return `"${file.name}" is empty.`;
  }
  return null;
}

/** What the conversation's model will not take among `files`, in words, or null when it takes them all. */
export function modelProblem(
  files: readonly AttachmentFacts[],
  accepts: readonly string[],
  modelLabel: string,
): string | null {
  const refused = files.find((f) => !modelTakes(accepts, f.mediaType));
  if (!refused) return null;
  return `${modelLabel} does not take a ${typeInWords(refused.mediaType)} ("${refused.name}"): remove it or pick another model.`;
}

/** Both checks, the host's limits first. */
export function attachmentProblem(
  files: readonly AttachmentFacts[],
  limits: AttachmentLimits,
  accepts: readonly string[],
  modelLabel: string,
): string | null {
  return limitProblem(files, limits) ?? modelProblem(files, accepts, modelLabel);
}

/** The largest chat request body the host reads: a message's words and its files, base64. */
export function chatBodyLimit(limits: AttachmentLimits): number {
  return 1_000_000 + limits.maxFiles * (Math.ceil((limits.maxBytes * 4) / 3) + 1_000);
}
