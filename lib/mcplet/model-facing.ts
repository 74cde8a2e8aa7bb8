import { DEFAULT_CREDENTIAL_PATTERNS, maskCredentials } from '../trust/credentials';
import {
  type ModelFacingResult,
  type RedactionOptions,
  type RedactionReason,
  redactForModel,
} from '../trust/redaction';
import { createScrubSet, scrubString, WITHHELD_MARKER } from '../trust/scrub';
import { readResultTrust } from '../trust/trust-annotations';
import { type UntrustedSource, wholeResultSource } from '../trust/untrusted-content';
import { type ModelContent, type Projection, projectResult, randomBoundary } from './projection';
import type { TrustPolicyConfig } from './trust-escalation';
import { maliciousNote, sepUntrustedSource } from './trust-projection';
import type { McpletTool } from './types';

/**
 * The one way a tool output reaches the model, fresh or rebuilt from storage.
 * `redactToolResult` runs once when a result arrives: what the model may see of it (redaction.ts,
 * with the tool's declarations), the values withheld and why (for the card, the scrub set and
 * sealing), and what the projection needs (source, untrusted mark, a boundary). `projectModelFacing`
 * turns that stored form into the model's content: redaction again with the conversation's scrub
 * set as it is now (idempotent: values learned later are scrubbed too), spotlighting (15), and the
 * host's notice of what was withheld.
 */

/** What a tool output keeps for the model: already free of every value withheld when it arrived. */
export interface ModelFacing {
  result: ModelFacingResult;
  /** Who produced it (`"tool" from Server`), for the spotlight note. */
  from?: string;
  /** The tool or the result marks the whole result untrusted. */
  untrusted?: UntrustedSource;
  /** The spotlight boundary drawn when it arrived, so a rebuilt history is byte-identical. */
  boundary?: string;
  /** The host's note for the model: what was withheld and that the user sees it. */
  notice?: string;
  /** The server flagged the result `maliciousActivityHint` (SEP): the host's warning goes first. */
  malicious?: true;
}

/** What the model did not see of a result: never sent to the model, sealed at rest (lib/db/seal). */
export interface Withheld {
  values: string[];
  reasons: RedactionReason[];
}

export type SensitiveTool = Pick<
  McpletTool,
  'name' | 'untrustedContent' | 'sensitiveHint' | 'outputSchema' | 'trust'
>;

/** The values of the conversation's scrub set that occur (in any searched form) in a raw result. */
function knownValuesIn(result: unknown, options: RedactionOptions): string[] {
  const values = options.scrubSet?.values ?? [];
  if (values.length === 0) return [];
  const text = JSON.stringify(result) ?? '';
  return values.filter((value) => createScrubSet([value]).needles.some((needle) => text.includes(needle)));
}

/** A fresh `tools/call` result: its model-facing form and what was withheld (see the module comment). */
export function redactToolResult(
  result: unknown,
  tool: SensitiveTool,
  where: string,
  options: RedactionOptions = {},
  policy: Partial<TrustPolicyConfig> = {},
): { model: ModelFacing; withheld?: Withheld } {
  const declarations = {
    annotations: { sensitiveHint: tool.sensitiveHint === true },
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
  };
  const redaction = redactForModel(result, declarations, options);
  const known = knownValuesIn(result, options).filter((value) => !redaction.sensitiveValues.includes(value));
  const values = [...redaction.sensitiveValues, ...known];
  const reasons = [
    ...redaction.reasons,
    ...(known.length > 0
      ? [{ rule: 'scrub' as const, where: '', detail: 'a value withheld earlier in this conversation' }]
      : []),
  ];
  // 15 and the SEP: the tool's or the result's own mark, else a SEP place (trust-projection.ts).
  const untrusted =
    wholeResultSource(tool.untrustedContent, result) ?? sepUntrustedSource(tool.trust, result, policy);
  const malicious = readResultTrust(result).declaration.maliciousActivityHint === true;
  const model: ModelFacing = {
    result: redaction.result,
    from: `"${tool.name}" from ${where}`,
    ...(untrusted ? { untrusted } : {}),
    boundary: randomBoundary(),
    ...(redaction.notice
      ? { notice: redaction.notice }
      : known.length > 0
        ? {
            notice:
              '[The host withheld values from this result that were withheld earlier in this conversation.]',
          }
        : {}),
    ...(malicious ? { malicious: true as const } : {}),
  };
  return { model, ...(reasons.length > 0 ? { withheld: { values, reasons } } : {}) };
}

/** Text the host wrote (an error, a status line): it reaches the model as it is, scrubbed. */
export function hostText(text: string): ModelFacing {
  return { result: { content: [{ type: 'text', text }] } };
}

/** A text that goes to the model outside a tool result (view context, a message): credentials masked, scrubbed. */
export function cleanText(text: string, options: RedactionOptions = {}): string {
  const masked = maskCredentials(text, options.credentialPatterns ?? DEFAULT_CREDENTIAL_PATTERNS).text;
  return options.scrubSet ? scrubString(masked, options.scrubSet) : masked;
}

/** Every string of a JSON-like value (keys too) through `cleanText`: for logs and the preview's exchange. */
export function cleanValue<T>(value: T, options: RedactionOptions = {}): T {
  return cleanUnknown(value, options) as T;
}

function cleanUnknown(value: unknown, options: RedactionOptions): unknown {
  if (typeof value === 'string') return cleanText(value, options);
  if (typeof value === 'number' && options.scrubSet?.values.includes(String(value))) return WITHHELD_MARKER;
  if (Array.isArray(value)) return value.map((item) => cleanUnknown(item, options));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[cleanText(key, options)] = cleanUnknown(item, options);
    return out;
  }
  return value;
}

/** What the model sees of one or more stored model-facing results (see the module comment). */
export function projectModelFacing(
  items: ModelFacing | readonly ModelFacing[],
  options: RedactionOptions = {},
): Projection {
  const content: ModelContent = [];
  let untrusted: UntrustedSource | undefined;
  for (const item of Array.isArray(items) ? items : [items]) {
    const again = redactForModel(item.result, undefined, options).result;
    const stored = item.boundary;
    // The stored boundary is reused unless the text now holds it (then a fresh one is drawn).
    const boundary = stored && !JSON.stringify(again).includes(stored) ? () => stored : randomBoundary;
    if (item.malicious) content.push({ type: 'text', text: maliciousNote(item.from ?? 'a tool') });
    const projected = projectResult(
      again,
      { from: item.from ?? 'a tool', ...(item.untrusted ? { untrusted: item.untrusted } : {}) },
      boundary,
    );
    content.push(...projected.content);
    untrusted ??= projected.untrusted;
    if (item.notice) content.push({ type: 'text', text: cleanText(item.notice, options) });
  }
  return untrusted ? { content, untrusted } : { content };
}

/** A withheld reason as the tool card names it (a credential's place is not shown: it may be the credential). */
export function withheldLabel(reason: RedactionReason): string {
  switch (reason.rule) {
    case 'credential':
      return `credential: ${reason.detail}`;
    case 'x-sensitive':
      return `x-sensitive field ${reason.where}`;
    case 'sensitiveHint':
      return `sensitiveHint: ${reason.detail} (${reason.where})`;
    case 'audience':
      return `audience: ${reason.detail} (${reason.where})`;
    case 'secret_reference':
      return `secret reference: ${reason.detail} (${reason.where})`;
    case 'scrub':
      return reason.detail;
  }
}
