import type { CallResultLike } from './envelope';

export type ModelContent = Array<
  { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string }
>;

const MAX_TEXT = 100_000;

/**
 * 15 and the spine's fan-out: the model sees `content` only. `structuredContent` and `_meta` are for
 * views. Resource links and embedded resources are reduced to text; unknown blocks are named, not passed.
 */
export function projectForModel(result: CallResultLike): ModelContent {
  const out: ModelContent = [];
  const content = Array.isArray(result.content) ? result.content : [];
  for (const block of content) {
    if (!block || typeof block !== 'object') continue;
    const b = block as Record<string, unknown>;
    if (b.type === 'text' && typeof b.text === 'string')
      out.push({ type: 'text', text: b.text.slice(0, MAX_TEXT) });
    else if (b.type === 'image' && typeof b.data === 'string' && typeof b.mimeType === 'string') {
      out.push({ type: 'image', data: b.data, mimeType: b.mimeType });
    } else if (b.type === 'resource_link' && typeof b.uri === 'string') {
      out.push({
        type: 'text',
        text: `[resource link: ${b.uri}${typeof b.name === 'string' ? ` (${b.name})` : ''}]`,
      });
    } else if (b.type === 'resource' && b.resource && typeof b.resource === 'object') {
      const r = b.resource as Record<string, unknown>;
      if (typeof r.text === 'string') out.push({ type: 'text', text: r.text.slice(0, MAX_TEXT) });
      else out.push({ type: 'text', text: `[embedded resource: ${String(r.uri ?? 'unnamed')}]` });
    } else {
      out.push({ type: 'text', text: `[${String(b.type ?? 'unknown')} content omitted]` });
    }
  }
  if (out.length === 0) {
    out.push({
      type: 'text',
      text: result.isError ? 'The tool failed without a message.' : 'The tool returned no text content.',
    });
  }
  return out;
}
