import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical';

/** What a server says about one tool: every field a rug-pull could change (docs/security.md, "Rug-pulls"). */
export interface ToolDefinition {
  name: string;
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
  _meta?: unknown;
}

/** What the host made of a definition, at the time it was pinned: shown in the diff. */
export interface PinnedReading {
  mcpletType: string;
  visibility: string[];
  gate: string;
}

export interface PinnedTool {
  hash: string;
  definition: ToolDefinition;
  reading: PinnedReading;
}

/** Only the fields of a `tools/list` entry that make up a tool's definition, nothing else. */
export function definitionOf(raw: Record<string, unknown> & { name: string }): ToolDefinition {
  const { name, title, description, inputSchema, outputSchema, annotations, _meta } = raw;
  return { name, title, description, inputSchema, outputSchema, annotations, _meta };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The pin: a hash of the canonical JSON of the definition, so key order never matters. */
export function toolHash(definition: ToolDefinition): string {
  return sha256(canonicalJson(definitionOf(definition as ToolDefinition & Record<string, unknown>)));
}

/** A view's HTML, hashed byte for byte (a view has no key order to forgive). */
export function viewHash(html: string): string {
  return sha256(html);
}

export type DiffField =
  | 'title'
  | 'description'
  | 'type'
  | 'visibility'
  | 'gate'
  | 'inputSchema'
  | 'outputSchema'
  | 'annotations'
  | '_meta';

export interface FieldChange {
  field: DiffField;
  before: string;
  after: string;
}

function text(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}

/** Old and new, field by field, as the user reviews them before accepting a changed tool. */
export function diffPinned(before: PinnedTool, after: PinnedTool): FieldChange[] {
  const pairs: Array<[DiffField, unknown, unknown]> = [
    ['title', before.definition.title, after.definition.title],
    ['description', before.definition.description, after.definition.description],
    ['type', before.reading.mcpletType, after.reading.mcpletType],
    ['visibility', before.reading.visibility.join(' + '), after.reading.visibility.join(' + ')],
    ['gate', before.reading.gate, after.reading.gate],
    ['inputSchema', before.definition.inputSchema, after.definition.inputSchema],
    ['outputSchema', before.definition.outputSchema, after.definition.outputSchema],
    ['annotations', before.definition.annotations, after.definition.annotations],
    ['_meta', before.definition._meta, after.definition._meta],
  ];
  const changes: FieldChange[] = [];
  for (const [field, a, b] of pairs) {
    const old = text(a);
    const next = text(b);
    if (old !== next) changes.push({ field, before: old, after: next });
  }
  return changes;
}

/**
 * 5.3.2 re-listing against the pins, for one user. A tool without a pin is pinned as it is: at the
 * server's first admission (`pin-first`), or later as a tool that appeared since (`pin-new`). A pin
 * with another hash is `changed` until the user accepts the new definition.
 */
export type PinVerdict = 'pin-first' | 'pin-new' | 'pinned' | 'new' | 'changed';

export function pinVerdict(
  serverPinned: boolean,
  pin: { hash: string; addedLater: boolean } | undefined,
  currentHash: string,
): PinVerdict {
  if (!pin) return serverPinned ? 'pin-new' : 'pin-first';
  if (pin.hash !== currentHash) return 'changed';
  return pin.addedLater ? 'new' : 'pinned';
}
