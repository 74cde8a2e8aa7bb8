/**
 * Trust annotations of the MCP SEP "Trust and Sensitivity Annotations": the
 * tool-level declarations in `annotations` (`tools/list`, possible sets) and the result-level ones in
 * `CallToolResult._meta.annotations` (what this response actually holds). Read leniently: a field of
 * the wrong shape, or an enum value the SEP does not name, is dropped with a reason, and the rest is
 * kept. Every value is an untrusted hint (client responsibility 5): callers may only make policy
 * stricter with it.
 */

export const DESTINATIONS = ['ephemeral', 'system', 'user', 'internal', 'public'] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const OUTCOMES = ['benign', 'consequential', 'irreversible'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const SOURCES = ['untrustedPublic', 'trustedPublic', 'internal', 'user', 'system'] as const;
export type Source = (typeof SOURCES)[number];

export const DATA_CLASS_NAMES = ['none', 'user', 'pii', 'financial', 'credentials'] as const;
type DataClassName = (typeof DATA_CLASS_NAMES)[number];

/**
 * A `DataClass` as one string, so classes compare and union as strings: the SEP's names, and
 * `{ regulated: { scopes } }` as `regulated:<scope>` per scope (`regulated` when it names none).
 */
export type SensitivityClass = DataClassName | 'regulated' | `regulated:${string}`;

export interface InputMetadata {
  destination: Destination[];
  sensitivity: SensitivityClass[];
  outcomes: Outcome[];
}

export interface ReturnMetadata {
  source: Source[];
  sensitivity: SensitivityClass[];
}

/** The trust fields of one annotations object, each enum field as the set of values it names. */
export interface TrustDeclaration {
  openWorldHint?: boolean;
  maliciousActivityHint?: boolean;
  attribution: string[];
  inputMetadata?: Partial<InputMetadata>;
  returnMetadata?: Partial<ReturnMetadata>;
}

export interface TrustReading {
  declaration: TrustDeclaration;
  /** Why a field or value was ignored, e.g. `inputMetadata.destination: "Public" is not a destination`. */
  ignored: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function union<T extends string>(values: T[]): T[] {
  return [...new Set(values)].sort();
}

/** A single enum value or an array of them ("possible set → resolved value"). */
function readEnum<T extends string>(
  raw: unknown,
  allowed: readonly T[],
  field: string,
  kind: string,
  ignored: string[],
): T[] | undefined {
  if (raw === undefined) return undefined;
  const items = Array.isArray(raw) ? raw : [raw];
  const out: T[] = [];
  for (const item of items) {
    if (typeof item === 'string' && (allowed as readonly string[]).includes(item)) out.push(item as T);
    else ignored.push(`${field}: ${show(item)} is not ${kind}`);
  }
  return union(out);
}

function readDataClass(raw: unknown, field: string, ignored: string[]): SensitivityClass[] {
  if (typeof raw === 'string') {
    if ((DATA_CLASS_NAMES as readonly string[]).includes(raw)) return [raw as DataClassName];
    ignored.push(`${field}: ${show(raw)} is not a data class`);
    return [];
  }
  if (isRecord(raw) && isRecord(raw.regulated)) {
    const scopes = raw.regulated.scopes;
    if (!Array.isArray(scopes)) {
      ignored.push(`${field}: regulated.scopes is not an array (counted as regulated)`);
      return ['regulated'];
    }
    const named: SensitivityClass[] = [];
    for (const scope of scopes) {
      if (typeof scope === 'string' && scope.length > 0) named.push(`regulated:${scope}`);
      else ignored.push(`${field}: regulated scope ${show(scope)} is not a string`);
    }
    return named.length > 0 ? named : ['regulated'];
  }
  ignored.push(`${field}: ${show(raw)} is not a data class`);
  return [];
}

function readSensitivity(raw: unknown, field: string, ignored: string[]): SensitivityClass[] | undefined {
  if (raw === undefined) return undefined;
  const items = Array.isArray(raw) ? raw : [raw];
  return union(items.flatMap((item) => readDataClass(item, field, ignored)));
}

function readInputMetadata(raw: unknown, ignored: string[]): Partial<InputMetadata> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    ignored.push(`inputMetadata: ${show(raw)} is not an object`);
    return undefined;
  }
  const out: Partial<InputMetadata> = {};
  const destination = readEnum(
    raw.destination,
    DESTINATIONS,
    'inputMetadata.destination',
    'a destination',
    ignored,
  );
  if (destination) out.destination = destination;
  const sensitivity = readSensitivity(raw.sensitivity, 'inputMetadata.sensitivity', ignored);
  if (sensitivity) out.sensitivity = sensitivity;
  const outcomes = readEnum(raw.outcomes, OUTCOMES, 'inputMetadata.outcomes', 'an outcome', ignored);
  if (outcomes) out.outcomes = outcomes;
  return out;
}

function readReturnMetadata(raw: unknown, ignored: string[]): Partial<ReturnMetadata> | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    ignored.push(`returnMetadata: ${show(raw)} is not an object`);
    return undefined;
  }
  const out: Partial<ReturnMetadata> = {};
  const source = readEnum(raw.source, SOURCES, 'returnMetadata.source', 'a source', ignored);
  if (source) out.source = source;
  const sensitivity = readSensitivity(raw.sensitivity, 'returnMetadata.sensitivity', ignored);
  if (sensitivity) out.sensitivity = sensitivity;
  return out;
}

function readBoolean(raw: unknown, field: string, ignored: string[]): boolean | undefined {
  if (raw === undefined || typeof raw === 'boolean') return raw;
  ignored.push(`${field}: ${show(raw)} is not a boolean`);
  return undefined;
}

/** One annotations object (`ToolAnnotations` or result `_meta.annotations`). Anything else reads as empty. */
export function readTrustAnnotations(annotations: unknown): TrustReading {
  const ignored: string[] = [];
  const declaration: TrustDeclaration = { attribution: [] };
  if (annotations === undefined) return { declaration, ignored };
  if (!isRecord(annotations)) {
    ignored.push(`annotations: ${show(annotations)} is not an object`);
    return { declaration, ignored };
  }
  const openWorld = readBoolean(annotations.openWorldHint, 'openWorldHint', ignored);
  if (openWorld !== undefined) declaration.openWorldHint = openWorld;
  const malicious = readBoolean(annotations.maliciousActivityHint, 'maliciousActivityHint', ignored);
  if (malicious !== undefined) declaration.maliciousActivityHint = malicious;
  const attribution = annotations.attribution;
  if (attribution !== undefined) {
    if (!Array.isArray(attribution)) ignored.push(`attribution: ${show(attribution)} is not an array`);
    else {
      const names: string[] = [];
      for (const item of attribution) {
        if (typeof item === 'string' && item.length > 0) names.push(item);
        else ignored.push(`attribution: ${show(item)} is not a non-empty string`);
      }
      declaration.attribution = union(names);
    }
  }
  const input = readInputMetadata(annotations.inputMetadata, ignored);
  if (input) declaration.inputMetadata = input;
  const ret = readReturnMetadata(annotations.returnMetadata, ignored);
  if (ret) declaration.returnMetadata = ret;
  return { declaration, ignored };
}

/** SEP "Extended Tool Annotations": a listed (or resolved) tool's `annotations`. */
export function readToolTrust(tool: unknown): TrustReading {
  return readTrustAnnotations(isRecord(tool) ? tool.annotations : undefined);
}

/** SEP "Tool Call Result Extension": a `CallToolResult`'s `_meta.annotations`. */
export function readResultTrust(result: unknown): TrustReading {
  const meta = isRecord(result) ? result._meta : undefined;
  if (meta !== undefined && !isRecord(meta))
    return { declaration: { attribution: [] }, ignored: ['_meta is not an object'] };
  return readTrustAnnotations(meta?.annotations);
}

/** The classes the host treats as sensitive for escalation. */
export function isSensitiveClass(c: SensitivityClass): boolean {
  return (
    c === 'pii' || c === 'financial' || c === 'credentials' || c === 'regulated' || c.startsWith('regulated:')
  );
}
