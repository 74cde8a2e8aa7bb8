/** A resource a tool result names (`resource_link`) or carries (`resource`), as the card lists it. */
export interface ResultResource {
  kind: 'link' | 'embedded';
  uri: string;
  /** The title, else the name, else the last part of the URI. */
  label: string;
  mimeType?: string;
  /** Bytes, as the server said (a link) or as carried (an embedded blob, decoded). */
  size?: number;
  description?: string;
  /** An embedded text resource: its text, cut for the preview. */
  text?: string;
  /** An embedded blob: its base64, for Download. */
  blob?: string;
}

/** An embedded text is previewed up to this many characters; the rest is cut with a note. */
export const PREVIEW_CHARS = 20_000;
/** At most this many resources of one result are listed. */
const MAX_RESOURCES = 50;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() ? value.slice(0, max) : undefined;
}

function lastPart(uri: string): string {
  const trimmed = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || uri;
}

/**
 * MCP `resource_link` and embedded `resource` content (2025-11-25, tools: tool result) as the card
 * lists them. Nothing here fetches: a link is named with what the server said of it, an embedded
 * resource is shown from its own bytes.
 */
export function resultResources(result: unknown): ResultResource[] {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return [];
  const out: ResultResource[] = [];
  for (const block of content) {
    if (out.length >= MAX_RESOURCES) break;
    const b = block as Record<string, unknown> | null;
    if (!b || typeof b !== 'object') continue;
    if (b.type === 'resource_link' && typeof b.uri === 'string') {
      const item: ResultResource = {
        kind: 'link',
        uri: b.uri.slice(0, 2048),
        label: text(b.title, 200) ?? text(b.name, 200) ?? lastPart(b.uri).slice(0, 200),
      };
      const mimeType = text(b.mimeType, 100);
      if (mimeType) item.mimeType = mimeType;
      if (typeof b.size === 'number' && Number.isFinite(b.size) && b.size >= 0) item.size = b.size;
      const description = text(b.description, 500);
      if (description) item.description = description;
      out.push(item);
      continue;
    }
    if (b.type !== 'resource') continue;
    const r = b.resource as Record<string, unknown> | null;
    if (!r || typeof r !== 'object' || typeof r.uri !== 'string') continue;
    const item: ResultResource = {
      kind: 'embedded',
      uri: r.uri.slice(0, 2048),
      label: lastPart(r.uri).slice(0, 200),
    };
    const mimeType = text(r.mimeType, 100);
    if (mimeType) item.mimeType = mimeType;
    if (typeof r.text === 'string') {
      item.text = r.text.slice(0, PREVIEW_CHARS);
      item.size = new TextEncoder().encode(r.text).byteLength;
    } else if (typeof r.blob === 'string' && BASE64.test(r.blob)) {
      item.blob = r.blob;
      item.size =
        Math.floor((r.blob.length * 3) / 4) - (r.blob.endsWith('==') ? 2 : r.blob.endsWith('=') ? 1 : 0);
    }
    out.push(item);
  }
  return out;
}

/** A size as people read it: 512 B, 1.5 KB, 2.3 MB. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
