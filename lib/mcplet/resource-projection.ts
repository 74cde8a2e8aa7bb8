import { isForAssistant, type RedactionOptions } from '../trust/redaction';
import { cleanText } from './model-facing';
import { spotlight, storedBoundary } from './projection';

/**
 * What the model gets of an MCP resource (`resources/read`), whether the user attached it or the model
 * read a linked one through the host's tool. A resource is its server's text, like a tool result
 * (docs/security.md, "one projection"), so:
 * - a contents item whose `annotations.audience` leaves out the assistant is not given to the model
 *   (MCP 2025-06-18 annotations; the same rule tool results follow, lib/trust/redaction.ts);
 * - an item (or the whole answer) marked `sensitiveHint: true` is withheld (sensitive-output section 1);
 * - the rest has credentials masked and the conversation's withheld values scrubbed (`cleanText`);
 * - all of it is spotlighted as untrusted data from that resource of that server (15, WebMCP 6.4.3);
 * - text beyond the limit is cut, with the host's note saying so; a blob is described, never inlined.
 * `readResourceContents` runs once, when the host reads the resource; its result is stored with the
 * message. `resourceForModel` runs each time history goes to the model.
 */

/** Characters of one resource's text the model gets at most (all its items together). */
export const MAX_RESOURCE_TEXT = 20_000;
const MAX_ITEMS = 20;
const MAX_META = 200;

export type ReadingItem =
  | { kind: 'text'; uri: string; mimeType?: string; text: string; length: number }
  | { kind: 'blob'; uri: string; mimeType?: string; bytes: number }
  | { kind: 'withheld'; uri: string; reason: 'audience' | 'sensitive' };

/** A resource's contents as the host keeps them for the model: already filtered, cut and described. */
export interface ResourceReading {
  items: ReadingItem[];
  /** Items beyond the most kept, left out. */
  dropped: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sensitive(holder: unknown): boolean {
  if (!isRecord(holder)) return false;
  return ['annotations', '_meta'].some((place) => {
    const hints = holder[place];
    return isRecord(hints) && hints.sensitiveHint === true;
  });
}

function short(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_META) : undefined;
}

/** Bytes a base64 text stands for. */
function base64Bytes(blob: string): number {
  const trimmed = blob.replace(/\s+/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

/**
 * A `resources/read` answer (`{ contents: [{ uri, mimeType?, text | blob, annotations?, _meta? }] }`)
 * as the model may have it (see the module comment). `limit` is the text budget of the whole answer;
 * an answer that is sensitive as a whole withholds every item. `listed` is the resource as its server
 * listed it: its `annotations.audience` (MCP annotates the listed resource) counts for every item.
 */
export function readResourceContents(
  result: unknown,
  limit: number = MAX_RESOURCE_TEXT,
  listed: { audience?: readonly string[] } = {},
): ResourceReading {
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
  const all = sensitive(result);
  const forAssistant = listed.audience === undefined || listed.audience.includes('assistant');
  const items: ReadingItem[] = [];
  let budget = limit;
  for (const entry of contents.slice(0, MAX_ITEMS)) {
    if (!isRecord(entry)) continue;
    const uri = short(entry.uri) ?? 'unnamed';
    const mimeType = short(entry.mimeType);
    const meta = { uri, ...(mimeType ? { mimeType } : {}) };
    if (!forAssistant || !isForAssistant(entry)) items.push({ kind: 'withheld', uri, reason: 'audience' });
    else if (all || sensitive(entry)) items.push({ kind: 'withheld', uri, reason: 'sensitive' });
    else if (typeof entry.text === 'string') {
      const text = entry.text.slice(0, Math.max(0, budget));
      budget -= text.length;
      items.push({ kind: 'text', ...meta, text, length: entry.text.length });
    } else if (typeof entry.blob === 'string')
      items.push({ kind: 'blob', ...meta, bytes: base64Bytes(entry.blob) });
  }
  return { items, dropped: Math.max(0, contents.length - MAX_ITEMS) };
}

/** What the host says before an attached resource, in its own words (no server text in it). */
export const RESOURCE_LEAD = '[The user attached a resource from an MCP server here; its contents follow.]';

export interface ResourceForModel {
  serverId: string;
  serverName?: string;
  uri: string;
  /** The contents as read when the message arrived (absent when the read failed). */
  reading?: ResourceReading;
  /** Why the host could not read it. */
  error?: string;
  /** The spotlight boundary drawn when it was read (the same history gives the same bytes). */
  boundary?: string;
}

function itemText(item: ReadingItem): string {
  const kind = item.kind === 'withheld' ? '' : item.mimeType ? ` (${item.mimeType})` : '';
  const head = `Resource ${item.uri}${kind}:`;
  switch (item.kind) {
    case 'text':
      return `${head}\n${item.text}`;
    case 'blob':
      return `${head} binary contents of ${item.bytes.toLocaleString('en')} bytes, not included.`;
    case 'withheld':
      return `${head} withheld.`;
  }
}

/** The host's notes after the block: numbers and its own words only. */
function notes(reading: ResourceReading): string[] {
  const out: string[] = [];
  for (const item of reading.items) {
    if (item.kind === 'text' && item.text.length < item.length)
      out.push(
        `[The host cut this resource's text at ${item.text.length.toLocaleString('en')} of ${item.length.toLocaleString('en')} characters (its size limit).]`,
      );
    if (item.kind === 'blob')
      out.push(`[A binary part of ${item.bytes.toLocaleString('en')} bytes is described, not given to you.]`);
    if (item.kind === 'withheld')
      out.push(
        item.reason === 'audience'
          ? '[The host withheld a part of this resource addressed to the user only.]'
          : '[The host withheld a part of this resource its server marks sensitive; the user can see it.]',
      );
  }
  if (reading.dropped > 0) out.push(`[${reading.dropped} more part(s) of this resource were left out.]`);
  return out;
}

/**
 * The model's text for a resource: `lead`, then the contents (or the read's failure) spotlighted as
 * that resource's data, masked and scrubbed with the conversation's options, then the host's notes.
 * The boundary stored with it is reused unless it is not one the host draws or the text now holds it.
 */
export function resourceForModel(
  data: ResourceForModel,
  options: RedactionOptions = {},
  lead: string = RESOURCE_LEAD,
): string {
  const body = data.reading
    ? data.reading.items.length > 0
      ? data.reading.items.map(itemText).join('\n\n')
      : 'The resource has no contents.'
    : `The host could not read this resource: ${data.error ?? 'no answer'}`;
  const text = cleanText(body, options);
  const boundary = storedBoundary(data.boundary, text);
  const from = cleanText(
    `the resource ${data.uri} of the MCP server ${data.serverName ?? data.serverId}`,
    options,
  );
  return [lead, spotlight(text, from, boundary), ...(data.reading ? notes(data.reading) : [])].join('\n');
}
