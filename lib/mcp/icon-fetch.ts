import 'server-only';
import { setCapped } from '../capped-map';
import { deploymentMode } from '../config/deployment';
import { ICON_MAX_BYTES, type IconSource, type IconType, iconTypeOf, looksLike } from '../mcplet/icons';
import { createGuardedFetch } from '../net/guard';

export interface IconBytes {
  mimeType: IconType;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Icons fetched lately, by address: a good one for an hour, a failed one for five minutes. */
const CACHE_MAX = 300;
const FRESH_MS = 60 * 60_000;
const FAILED_MS = 5 * 60_000;
const FETCH_MS = 5_000;

const holder = globalThis as unknown as {
  __mcpletIcons?: Map<string, { at: number; icon: Promise<IconBytes | null> }>;
};
holder.__mcpletIcons ??= new Map();
const cache = holder.__mcpletIcons;

/**
 * An icon's bytes as the host serves them, or null when they may not be shown. A `data:` image is
 * decoded here; an https one is fetched through the outbound guard as a server a user added would
 * be (so in hosted mode never from loopback or a private network, whoever configured the server),
 * at most 64 KB, of an image type the host shows and whose bytes are that type.
 */
export function iconBytes(source: IconSource): Promise<IconBytes | null> {
  if (source.kind === 'data') {
    const bytes = new Uint8Array(Buffer.from(source.base64, 'base64'));
    const ok =
      bytes.byteLength > 0 && bytes.byteLength <= ICON_MAX_BYTES && looksLike(source.mimeType, bytes);
    return Promise.resolve(ok ? { mimeType: source.mimeType, bytes } : null);
  }
  const now = Date.now();
  const cached = cache.get(source.url);
  if (cached && now - cached.at < FRESH_MS) {
    return cached.icon.then((icon) => {
      if (icon || now - cached.at < FAILED_MS) return icon;
      cache.delete(source.url);
      return iconBytes(source);
    });
  }
  const icon = fetchIcon(source.url);
  setCapped(cache, source.url, { at: now, icon }, CACHE_MAX);
  return icon;
}

async function fetchIcon(url: string): Promise<IconBytes | null> {
  try {
    const fetch = createGuardedFetch({ mode: deploymentMode(), addedBy: 'user' });
    const response = await fetch(url, {
      headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
      signal: AbortSignal.timeout(FETCH_MS),
    });
    const mimeType = iconTypeOf(response.headers.get('content-type'));
    if (!response.ok || !mimeType || !response.body) {
      await response.body?.cancel();
      return null;
    }
    const bytes = await readAtMost(response.body, ICON_MAX_BYTES);
    return bytes && looksLike(mimeType, bytes) ? { mimeType, bytes } : null;
  } catch {
    return null;
  }
}

/** The body's bytes, or null once it goes past `max` (the rest is not read). */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
