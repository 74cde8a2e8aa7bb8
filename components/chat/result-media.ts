/** An image or audio clip of a tool result, as the card shows it. */
export interface ResultMedia {
  kind: 'image' | 'audio';
  mimeType: string;
  /** A `data:` URL of the block's own bytes: nothing is fetched from anywhere. */
  src: string;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
const AUDIO_TYPES = new Set([
  'audio/wav',
  'audio/x-wav',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/webm',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
]);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** About 8 MB decoded: larger blocks are named, not drawn. */
const MAX_BASE64 = 11_000_000;

/**
 * The images and audio of an MCP result. Only raster images (an SVG can carry
 * script and links) and common audio types, as well-formed base64 of a bounded size; anything else
 * stays a `[image]` line in the text.
 */
export function resultMedia(result: unknown): ResultMedia[] {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return [];
  const out: ResultMedia[] = [];
  for (const block of content) {
    const b = block as { type?: unknown; data?: unknown; mimeType?: unknown } | null;
    if (!b || (b.type !== 'image' && b.type !== 'audio')) continue;
    if (typeof b.data !== 'string' || typeof b.mimeType !== 'string') continue;
    const mimeType = b.mimeType.toLowerCase();
    const allowed = b.type === 'image' ? IMAGE_TYPES : AUDIO_TYPES;
    if (!allowed.has(mimeType) || b.data.length > MAX_BASE64 || !BASE64.test(b.data)) continue;
    out.push({ kind: b.type, mimeType, src: `data:${mimeType};base64,${b.data}` });
  }
  return out;
}
