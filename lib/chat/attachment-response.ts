import 'server-only';
import type { StoredAttachment } from '../db/queries/attachments';

/** The image types a browser shows in the page; anything else is only downloaded. */
const SHOWN = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * An attachment's bytes as served to its owner. Only an image is shown inline; every other type is
 * a download, none is sniffed into something else, and nothing in it may run (a sandboxing CSP), so
 * a file a user attached cannot act as a page of the host.
 */
export function attachmentResponse(file: StoredAttachment): Response {
  const inline = SHOWN.has(file.mediaType);
  const name = encodeURIComponent(file.name);
  return new Response(Buffer.from(file.base64, 'base64'), {
    headers: {
      'content-type': inline ? file.mediaType : 'application/octet-stream',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      // An attachment never changes under its id; it is the owner's alone.
      'cache-control': 'private, max-age=31536000, immutable',
    },
  });
}
