/**
 * Which of the icons a server gives for itself, a tool, a prompt or a resource (MCP 2025-11-25
 * `Icon`: `src`, `mimeType?`, `sizes?`, `theme?`) the host may show. A browser never fetches an icon
 * from where a server says: a `data:` image is decoded and served by the host, an https one is
 * fetched by the host through the outbound guard (lib/mcp/icon-fetch.ts). SVG is never taken (an
 * SVG opened as a page of the host's origin would run its scripts there), nor any other scheme.
 */

/** An icon's bytes are at most this many: a 16-32 px picture needs far less. */
export const ICON_MAX_BYTES = 64 * 1024;
/** An https icon's address is at most this long. */
export const ICON_MAX_URL = 2048;

export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type IconType = (typeof ICON_TYPES)[number];

export type IconSource =
  | { kind: 'data'; mimeType: IconType; base64: string }
  | { kind: 'https'; url: string };

function isIconType(value: string): value is IconType {
  return (ICON_TYPES as readonly string[]).includes(value);
}

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/i;

/** One icon entry as the host would show it, or null when it may not be shown. */
export function readIcon(entry: unknown): IconSource | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { src } = entry as { src?: unknown };
  if (typeof src !== 'string') return null;
  const data = DATA_URL.exec(src);
  if (data) {
    const mimeType = (data[1] as string).toLowerCase();
    const base64 = data[2] as string;
    if (!isIconType(mimeType)) return null;
    // Three bytes per four characters, less the padding.
    const bytes = (base64.length * 3) / 4 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
    if (bytes === 0 || bytes > ICON_MAX_BYTES) return null;
    return { kind: 'data', mimeType, base64 };
  }
  if (src.length > ICON_MAX_URL) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return { kind: 'https', url: url.href };
}

/**
 * The icon to show from a list a server gave: the first the host may show, preferring one meant
 * for a light page when the server says which theme each is for (the host's default theme).
 */
export function chooseIcon(icons: unknown): IconSource | undefined {
  if (!Array.isArray(icons)) return undefined;
  const themed = [...icons].sort((a, b) => themeRank(a) - themeRank(b));
  for (const entry of themed.slice(0, 16)) {
    const icon = readIcon(entry);
    if (icon) return icon;
  }
  return undefined;
}

function themeRank(entry: unknown): number {
  const theme =
    typeof entry === 'object' && entry !== null ? (entry as { theme?: unknown }).theme : undefined;
  return theme === 'dark' ? 1 : 0;
}

/** Whether bytes fetched for an icon are the image type they claim (its magic number). */
export function looksLike(mimeType: IconType, bytes: Uint8Array): boolean {
  const starts = (...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
  switch (mimeType) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return starts(0x47, 0x49, 0x46, 0x38);
    case 'image/webp':
      return (
        starts(0x52, 0x49, 0x46, 0x46) &&
        bytes[8] === 0x57 &&
        bytes[9] === 0x45 &&
        bytes[10] === 0x42 &&
        bytes[11] === 0x50
      );
  }
}

/** The image type of a response's `content-type`, when it is one the host shows. */
export function iconTypeOf(contentType: string | null): IconType | null {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return isIconType(type) ? type : null;
}
