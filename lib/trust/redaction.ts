/**
 * Redaction before the model. Seed: the WebMCP sensitive-output proposal
 * (`../shared/specs/webmcp-proposal-sensitive-output.txt`) and MCP content `annotations.audience`.
 * `redactForModel` turns a `tools/call` result into what the model may see, and says which raw
 * values were withheld and why (for the tool card and the conversation's scrub set):
 * - section 1, `sensitiveHint: true` (tool `annotations` or `_meta`, or the result's, a hint only
 *   raises): no raw value reaches the model. `structuredContent` keeps its shape with every value
 *   replaced by the marker (the "redacted structured result"), unless the `outputSchema` names its
 *   `x-sensitive` fields: then those are the sensitive values (section 3) and the rest stays; a `secret_reference` item reaches the
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
  mayHoldCredential,
} from './credentials';
import { createScrubSet, extendScrubSet, type ScrubSet, scrubString, WITHHELD_MARKER } from './scrub';
import { Collector, markAll, marksSensitiveFields, pointer, pruneSensitive } from './sensitive-schema';

export type RedactionRule =
  | 'sensitiveHint'
  | 'x-sensitive'
  | 'audience'
  | 'secret_reference'
  | 'credential'
  /** A value already withheld earlier in the conversation, found again (the scrub set). */
  | 'scrub';

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

/** A place in `{ content, structuredContent }`: a content block and its resource hold binary fields. */
type Place = 'root' | 'content' | 'block' | 'resource' | 'other';

function placeOf(parent: Place, key: string | number): Place {
  if (parent === 'root') return key === 'content' ? 'content' : 'other';
  if (parent === 'content') return 'block';
  return parent === 'block' && key === 'resource' ? 'resource' : 'other';
}

/**
 * A content block's own `type`, and binary payloads (image/audio `data`, a resource's `blob`): not
 * text, neither searched nor altered. Only at those places: a `type` or `data` field anywhere else
 * (in `structuredContent`, say) is text like any other.
 */
function isBlockField(key: string, place: Place): boolean {
  if (place === 'block') return key === 'type' || key === 'data';
  return place === 'resource' && key === 'blob';
}

/** A JSON pointer, built only when asked for (a finding's place): most strings never need theirs. */
type Where = () => string;

/**
 * Applies `visit` to every model-facing string (keys included) of `{ content, structuredContent }`,
 * skipping `type` and binary fields; returns a copy.
 */
function mapStrings(
  value: unknown,
  visit: (text: string, where: Where) => string,
  visitNumber?: (value: number) => unknown,
  where: Where = () => '',
  place: Place = 'root',
): unknown {
  if (typeof value === 'string') return visit(value, where);
  if (typeof value === 'number' && visitNumber) return visitNumber(value);
  if (Array.isArray(value))
    return value.map((item, index) =>
      mapStrings(item, visit, visitNumber, () => pointer(where(), index), placeOf(place, index)),
    );
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const keep = isBlockField(key, place);
      out[keep ? key : visit(key, where)] = keep
        ? item
        : mapStrings(item, visit, visitNumber, () => pointer(where(), key), placeOf(place, key));
    }
    return out;
  }
  return value;
}

/** Whether any string of the value may hold a credential (one pass over its serialization; see mayHoldCredential). */
function mayHoldCredentials(value: unknown, patterns: readonly CredentialPattern[]): boolean {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return true;
  }
  return text === undefined || mayHoldCredential(text, patterns);
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
    // Section 3 refines section 1: a schema that names its sensitive fields has had them pruned
    // above, and its other fields stay (they are not added to the conversation's scrub set either).
    if (sensitive && structured !== undefined && !marksSensitiveFields(schema)) {
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
  // Most results hold no credential: one look at the whole spares a scan of every string, twice.
  const suspect = mayHoldCredentials(visible, patterns);
  if (suspect) {
    mapStrings(visible, (text, where) => {
      for (const finding of findCredentials(text, patterns)) {
        out.value(finding.value);
        out.reason('credential', where(), finding.reason);
      }
      return text;
    });
  }

  const scrubSet = extendScrubSet(options.scrubSet ?? createScrubSet([]), out.values);
  const clean = (text: string) => scrubString(maskCredentials(text, patterns).text, scrubSet);
  // mapStrings keeps the shape of what it is given and `type` untouched, so the blocks stay blocks.
  // A number equal to a known sensitive value (a PIN, a card number) is withheld like a string.
  const cleanNumber = (value: number) => (scrubSet.values.includes(String(value)) ? WITHHELD_MARKER : value);
  const cleaned = mapStrings(
    visible,
    suspect ? clean : (text) => scrubString(text, scrubSet),
    cleanNumber,
  ) as typeof visible;

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
