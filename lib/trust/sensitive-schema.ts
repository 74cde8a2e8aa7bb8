import type { RedactionReason, RedactionRule } from './redaction';
import { WITHHELD_MARKER } from './scrub';

/**
 * Section 3 of the sensitive-output proposal: walking a tool's `outputSchema`
 * alongside its `structuredContent` — `x-sensitive` fields pruned (`pruneSensitive`), or every value
 * marked under `sensitiveHint` (`markAll`) — collecting the raw values withheld and why.
 */
/** Beyond this schema/value depth the rest of the value is withheld rather than left unchecked. */
const MAX_SCHEMA_DEPTH = 64;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;
}

export class Collector {
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

/**
 * Whether an output schema names any field `x-sensitive: true` (anywhere, bounded depth). Under
 * `sensitiveHint` such a schema says which values are the sensitive ones (section 3 refines
 * section 1); a schema that is too deep to search counts as naming none, so the hint marks all.
 */
export function marksSensitiveFields(schema: unknown, depth = 0): boolean {
  if (depth > MAX_SCHEMA_DEPTH || typeof schema !== 'object' || schema === null) return false;
  if (!Array.isArray(schema) && (schema as Record<string, unknown>)['x-sensitive'] === true) return true;
  return Object.values(schema).some((child) => marksSensitiveFields(child, depth + 1));
}

export type Pruned = { readonly keep: true; readonly value: unknown } | { readonly keep: false };

/** Section 3: removes what `x-sensitive: true` marks, collecting the values removed. */
export function pruneSensitive(
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
export function markAll(
  value: unknown,
  schema: unknown,
  root: unknown,
  depth: number,
  out: Collector,
): unknown {
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
