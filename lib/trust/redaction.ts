/**
 * Redaction before the model (issue 12, item 1). Seed: the WebMCP sensitive-output proposal
 * (`../shared/specs/webmcp-proposal-sensitive-output.txt`) and MCP content `annotations.audience`.
 * `redactForModel` turns a `tools/call` result into what the model may see, and says which raw
 * values were withheld and why (for the tool card and the conversation's scrub set):
 * - section 1, `sensitiveHint: true` (tool `annotations` or `_meta`, or the result's, a hint only
 *   raises): no raw value reaches the model. `structuredContent` keeps its shape with every value
 *   replaced by the marker (the "redacted structured result"); a `secret_reference` item reaches the
 *   model as its label only (section 4b); text siblings pass (scrubbed) only next to a reference
 *   (4b: the secret is not in the result then); any other block is replaced by the marker.
 * - section 3, `x-sensitive: true` on a field of `outputSchema` (through `properties`,
 *   `patternProperties`, `additionalProperties`, `items`/`prefixItems`, `allOf`/`anyOf`/`oneOf` and
 *   local `$ref`s): an object field is removed, an array element becomes the marker, the root removes
 *   `structuredContent`; the values withheld are scrubbed from every other string of the result.
 * - section 4b: a `secret_reference` item's `id` and `redeemUrl` never reach the model, anywhere.
 * - MCP `annotations.audience`: a block whose audience is present and does not list `assistant` is
 *   dropped (a malformed audience drops it too: stricter).
 * - unmarked credentials (`credentials.ts`) in any string are withheld with their reason.
 * - the conversation's scrub set (`scrub.ts`) is applied to everything that is left.
 * The result's own `_meta` and binary payloads (`data`, `blob`) are not model-facing text: `_meta` is
 * dropped, binary fields are neither searched nor altered. Redacting the output again changes nothing.
 */
import {
  type CredentialPattern,
  DEFAULT_CREDENTIAL_PATTERNS,
  findCredentials,
  maskCredentials,
} from './credentials';
import { createScrubSet, extendScrubSet, type ScrubSet, scrubString, WITHHELD_MARKER } from './scrub';

export type RedactionRule = 'sensitiveHint' | 'x-sensitive' | 'audience' | 'secret_reference' | 'credential';

export interface RedactionReason {
  readonly rule: RedactionRule;
  /** Where in the result: `/structuredContent/...` (JSON pointer) or `/content/<index>`. */
  readonly where: string;
  /** Shown to the user (and, scrubbed, in the notice to the model). */
  readonly detail: string;
}

export type ModelContentBlock = Readonly<Record<string, unknown>> & { readonly type: string };

export interface ModelFacingResult {
  readonly content: readonly ModelContentBlock[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
}

export interface ModelRedaction {
  /** What the model may see of the result. */
  readonly result: ModelFacingResult;
  /** The raw values withheld, for the tool card and the conversation's scrub set; never for the model. */
  readonly sensitiveValues: readonly string[];
  readonly reasons: readonly RedactionReason[];
  /** A host-authored note for the model: what was withheld, and that the user sees it in the tool card. */
  readonly notice?: string;
}

export interface RedactionOptions {
  /** Credential formats to detect (from `credentialPatterns(config)`); all defaults when absent. */
  readonly credentialPatterns?: readonly CredentialPattern[];
  /** Values already known sensitive in this conversation. */
  readonly scrubSet?: ScrubSet;
}

/** Beyond this schema/value depth the rest of the value is withheld rather than left unchecked. */
const MAX_SCHEMA_DEPTH = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hinted(holder: unknown): boolean {
  if (!isRecord(holder)) return false;
  return ['annotations', '_meta'].some((place) => {
    const hints = holder[place];
    return isRecord(hints) && hints.sensitiveHint === true;
  });
}

/** Section 1: whether `sensitiveHint: true` is declared by the tool or on the result (literal `true` only). */
export function isSensitiveOutput(tool: unknown, result: unknown): boolean {
  return hinted(tool) || hinted(result);
}

/** MCP `annotations.audience`: false when the block declares an audience that leaves out the assistant. */
export function isForAssistant(block: Readonly<Record<string, unknown>>): boolean {
  const annotations = block.annotations;
  if (!isRecord(annotations) || !('audience' in annotations)) return true;
  const audience = annotations.audience;
  return Array.isArray(audience) && audience.includes('assistant');
}

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

class Collector {
  readonly values: string[] = [];
  readonly reasons: RedactionReason[] = [];

  value(value: string): void {
    if (value.length > 0 && !value.startsWith(WITHHELD_MARKER) && !this.values.includes(value))
      this.values.push(value);
  }

  leaves(value: unknown): void {
    if (typeof value === 'string') this.value(value);
    else if (typeof value === 'number' || typeof value === 'bigint') this.value(String(value));
    else if (Array.isArray(value)) for (const item of value) this.leaves(item);
    else if (isRecord(value)) for (const item of Object.values(value)) this.leaves(item);
  }

  reason(rule: RedactionRule, where: string, detail: string): void {
    this.reasons.push({ rule, where, detail });
  }
}

function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else return undefined;
  }
  return node;
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return true; // An unreadable pattern may have meant this key: apply its marks (stricter).
  }
}

type Pruned = { readonly keep: true; readonly value: unknown } | { readonly keep: false };

/** Section 3: removes what `x-sensitive: true` marks, collecting the values removed. */
function pruneSensitive(
  value: unknown,
  schema: unknown,
  root: unknown,
  path: string,
  depth: number,
  out: Collector,
): Pruned {
  if (!isRecord(schema)) return { keep: true, value };
  if (depth > MAX_SCHEMA_DEPTH) {
    out.leaves(value);
    out.reason('x-sensitive', path, 'output schema too deep to check');
    return { keep: false };
  }
  if (schema['x-sensitive'] === true) {
    out.leaves(value);
    out.reason('x-sensitive', path, 'a field the tool marks x-sensitive');
    return { keep: false };
  }
  let current = value;
  const branches: unknown[] = [];
  if (typeof schema.$ref === 'string') branches.push(resolveLocalRef(root, schema.$ref));
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) branches.push(...list);
  }
  for (const branch of branches) {
    const pruned = pruneSensitive(current, branch, root, path, depth + 1, out);
    if (!pruned.keep) return pruned;
    current = pruned.value;
  }
  if (Array.isArray(current)) {
    const prefix = Array.isArray(schema.prefixItems)
      ? schema.prefixItems
      : Array.isArray(schema.items)
        ? schema.items
        : [];
    const rest = isRecord(schema.items) ? schema.items : schema.additionalItems;
    current = current.map((item, index) => {
      const pruned = pruneSensitive(
        item,
        index < prefix.length ? prefix[index] : rest,
        root,
        pointer(path, index),
        depth + 1,
        out,
      );
      return pruned.keep ? pruned.value : WITHHELD_MARKER;
    });
  } else if (isRecord(current)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    const patterns = isRecord(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(current)) {
      const schemas: unknown[] = [];
      if (Object.hasOwn(properties, key)) schemas.push(properties[key]);
      for (const [pattern, sub] of patterns) if (matches(pattern, key)) schemas.push(sub);
      if (schemas.length === 0) schemas.push(schema.additionalProperties);
      let kept: unknown = item;
      let keep = true;
      for (const sub of schemas) {
        const pruned = pruneSensitive(kept, sub, root, pointer(path, key), depth + 1, out);
        if (!pruned.keep) {
          keep = false;
          break;
        }
        kept = pruned.value;
      }
      if (keep) next[key] = kept;
    }
    current = next;
  }
  return { keep: true, value: current };
}

/** A schema with its local `$ref` and `allOf`/`anyOf`/`oneOf` branches, flattened. */
function branchesOf(schema: unknown, root: unknown, depth = 0): Record<string, unknown>[] {
  if (!isRecord(schema) || depth > MAX_SCHEMA_DEPTH) return [];
  const nested: unknown[] = typeof schema.$ref === 'string' ? [resolveLocalRef(root, schema.$ref)] : [];
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) nested.push(...list);
  }
  return [schema, ...nested.flatMap((branch) => branchesOf(branch, root, depth + 1))];
}

function itemSchema(branches: readonly Record<string, unknown>[], index: number): unknown {
  for (const branch of branches) {
    const prefix = Array.isArray(branch.prefixItems)
      ? branch.prefixItems
      : Array.isArray(branch.items)
        ? branch.items
        : [];
    if (index < prefix.length) return prefix[index];
    if (isRecord(branch.items)) return branch.items;
  }
  return undefined;
}

/** The schema of a map's value: the first matching `patternProperties`, else `additionalProperties`. */
function mapValueSchema(branches: readonly Record<string, unknown>[], key: string): unknown {
  for (const branch of branches) {
    const patterns = isRecord(branch.patternProperties) ? Object.entries(branch.patternProperties) : [];
    const matched = patterns.find(([pattern]) => matches(pattern, key));
    if (matched) return matched[1];
    if (isRecord(branch.additionalProperties)) return branch.additionalProperties;
  }
  return undefined;
}

/**
 * Section 1: the redacted structured result: every value the marker. The shape stays where the
 * output schema declares it (`properties` names); any other key (a map's keys are data: names,
 * e-mail addresses) is withheld too, as the marker numbered within its object.
 */
function markAll(value: unknown, schema: unknown, root: unknown, depth: number, out: Collector): unknown {
  if (depth > MAX_SCHEMA_DEPTH) {
    out.leaves(value);
    return WITHHELD_MARKER;
  }
  const branches = branchesOf(schema, root);
  if (Array.isArray(value))
    return value.map((item, index) => markAll(item, itemSchema(branches, index), root, depth + 1, out));
  if (isRecord(value)) {
    const marked: Record<string, unknown> = {};
    let withheldKeys = 0;
    for (const [key, item] of Object.entries(value)) {
      const declared = branches.find(
        (branch) => isRecord(branch.properties) && Object.hasOwn(branch.properties, key),
      );
      const properties = declared?.properties;
      if (isRecord(properties)) {
        marked[key] = markAll(item, properties[key], root, depth + 1, out);
      } else {
        out.value(key);
        withheldKeys += 1;
        marked[`${WITHHELD_MARKER} #${withheldKeys}`] = markAll(
          item,
          mapValueSchema(branches, key),
          root,
          depth + 1,
          out,
        );
      }
    }
    return marked;
  }
  return value === null ? null : WITHHELD_MARKER;
}

/**
 * A content block's own `type`, and binary payloads (image/audio `data`, a resource's `blob`): not
 * text, neither searched nor altered. Only at those places: a `type` or `data` field anywhere else
 * (in `structuredContent`, say) is text like any other.
 */
function isBlockField(key: string, where: string): boolean {
  if (/^\/content\/\d+$/.test(where)) return key === 'type' || key === 'data';
  return key === 'blob' && /^\/content\/\d+\/resource$/.test(where);
}

/** Applies `visit` to every model-facing string (keys included), skipping `type` and binary fields. */
function mapStrings(
  value: unknown,
  visit: (text: string, where: string) => string,
  where: string,
  visitNumber?: (value: number) => unknown,
): unknown {
  if (typeof value === 'string') return visit(value, where);
  if (typeof value === 'number' && visitNumber) return visitNumber(value);
  if (Array.isArray(value))
    return value.map((item, index) => mapStrings(item, visit, pointer(where, index), visitNumber));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const keep = isBlockField(key, where);
      out[keep ? key : visit(key, where)] = keep
        ? item
        : mapStrings(item, visit, pointer(where, key), visitNumber);
    }
    return out;
  }
  return value;
}

function withheldBlock(): ModelContentBlock {
  return { type: 'text', text: WITHHELD_MARKER };
}

/** What the model may see of a `tools/call` result, given the tool's declarations (see the module comment). */
export function redactForModel(
  result: unknown,
  tool: unknown,
  options: RedactionOptions = {},
): ModelRedaction {
  const patterns = options.credentialPatterns ?? DEFAULT_CREDENTIAL_PATTERNS;
  const out = new Collector();
  const source = isRecord(result) ? result : {};
  const blocks = Array.isArray(source.content) ? source.content : [];
  const sensitive = isSensitiveOutput(tool, result);
  const hasReference = blocks.some((block) => isRecord(block) && block.type === 'secret_reference');

  let structured: unknown;
  if (isRecord(source.structuredContent)) {
    const schema = isRecord(tool) ? tool.outputSchema : undefined;
    const pruned = pruneSensitive(source.structuredContent, schema, schema, '/structuredContent', 0, out);
    structured = pruned.keep ? pruned.value : undefined;
    if (sensitive && structured !== undefined) {
      out.leaves(structured);
      out.reason('sensitiveHint', '/structuredContent', 'the tool marks its output sensitive');
      structured = markAll(structured, schema, schema, 0, out);
    }
  }

  const content: ModelContentBlock[] = [];
  blocks.forEach((block, index) => {
    const where = `/content/${index}`;
    if (!isRecord(block) || typeof block.type !== 'string') return;
    if (!isForAssistant(block)) {
      out.reason('audience', where, 'a content item addressed to the user only');
      return;
    }
    if (block.type === 'secret_reference') {
      for (const field of ['id', 'redeemUrl']) if (typeof block[field] === 'string') out.value(block[field]);
      out.reason('secret_reference', where, 'a secret reference the user can reveal');
      content.push(
        typeof block.label === 'string' ? { type: block.type, label: block.label } : { type: block.type },
      );
      return;
    }
    if (sensitive && !(hasReference && block.type === 'text')) {
      if (block.type === 'text' && block.text === WITHHELD_MARKER) {
        content.push(withheldBlock());
        return;
      }
      out.leaves(block.text);
      if (isRecord(block.resource)) out.leaves(block.resource.text);
      out.reason('sensitiveHint', where, 'the tool marks its output sensitive');
      content.push(withheldBlock());
      return;
    }
    content.push({ ...block, type: block.type });
  });

  const visible = { content, structuredContent: structured };
  mapStrings(
    visible,
    (text, where) => {
      for (const finding of findCredentials(text, patterns)) {
        out.value(finding.value);
        out.reason('credential', where, finding.reason);
      }
      return text;
    },
    '',
  );

  const scrubSet = extendScrubSet(options.scrubSet ?? createScrubSet([]), out.values);
  const clean = (text: string) => scrubString(maskCredentials(text, patterns).text, scrubSet);
  // mapStrings keeps the shape of what it is given and `type` untouched, so the blocks stay blocks.
  // A number equal to a known sensitive value (a PIN, a card number) is withheld like a string.
  const cleanNumber = (value: number) => (scrubSet.values.includes(String(value)) ? WITHHELD_MARKER : value);
  const cleaned = mapStrings(visible, clean, '', cleanNumber) as typeof visible;

  const model: ModelFacingResult = {
    content: cleaned.content,
    ...(isRecord(cleaned.structuredContent) ? { structuredContent: cleaned.structuredContent } : {}),
    ...(typeof source.isError === 'boolean' ? { isError: source.isError } : {}),
  };
  // A credential's path may hold the credential itself (a map key): the notice names only its kind.
  const details = [
    ...new Set(
      out.reasons.map((reason) =>
        reason.rule === 'credential' ? reason.detail : `${reason.detail} (${reason.where})`,
      ),
    ),
  ];
  return {
    result: model,
    sensitiveValues: out.values,
    reasons: out.reasons,
    ...(details.length > 0
      ? {
          notice: clean(
            `[The host withheld from this result: ${details.join('; ')}. The user can see it in the tool card.]`,
          ),
        }
      : {}),
  };
}
