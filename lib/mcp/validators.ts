import AjvDraft7 from 'ajv';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

function make<T extends Ajv2020 | AjvDraft7>(ajv: T): T {
  addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
  return ajv;
}

const draft2020 = make(new Ajv2020({ strict: false, allErrors: true, validateSchema: true }));
const draft7 = make(new AjvDraft7({ strict: false, allErrors: true, validateSchema: true }));
/**
 * Compiled validators, most recently used last. Servers choose the schemas (tool lists that change,
 * every elicitation's form), so the cache is bounded: the oldest gives way, and Ajv forgets it too.
 */
const MAX_CACHED = 1_000;
const cache = new Map<string, { validate: ValidateFunction; ajv: Ajv2020 | AjvDraft7; body: object }>();

/** How many compiled schemas are kept, here and by Ajv (for tests). */
export function cachedValidators(): { host: number; ajv: number } {
  // Ajv counts its compiled schemas nowhere public; its cache is what a bound must also empty.
  const ajvCache = (ajv: object) => (ajv as { _cache?: Map<unknown, unknown> })._cache?.size ?? 0;
  return { host: cache.size, ajv: ajvCache(draft2020) + ajvCache(draft7) };
}

export type Compiled = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

/**
 * Compiles a JSON Schema once and caches the validator by the schema's text. Schemas that name
 * draft-07 (what most MCP SDKs emit for tool inputs) compile with a draft-07 Ajv; everything else
 * with draft 2020-12. `$id` is dropped so two servers cannot clash on it.
 */
export function compileSchema(schema: Record<string, unknown>): Compiled {
  const { $id: _id, ...rest } = schema;
  const key = JSON.stringify(rest);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return { ok: true, validate: hit.validate };
  }
  const dialect = typeof rest.$schema === 'string' ? rest.$schema : '';
  const ajv = /draft-0[4-7]/.test(dialect) ? draft7 : draft2020;
  const { $schema: _schema, ...body } = rest;
  try {
    const validate = ajv.compile(body);
    cache.set(key, { validate, ajv, body });
    if (cache.size > MAX_CACHED) {
      const [oldestKey, oldest] = cache.entries().next().value ?? [];
      if (oldestKey !== undefined) cache.delete(oldestKey);
      // A validator still held (a live tool's) keeps working; Ajv only stops keeping it.
      oldest?.ajv.removeSchema(oldest.body);
    }
    return { ok: true, validate };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export function describeErrors(validate: ValidateFunction, limit = 5): string {
  const errors = validate.errors ?? [];
  const lines = errors.slice(0, limit).map((e) => {
    const where = e.instancePath || '(root)';
    if (e.keyword === 'required')
      return `${where}: missing required property "${(e.params as { missingProperty: string }).missingProperty}"`;
    if (e.keyword === 'additionalProperties') {
      return `${where}: unknown property "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    }
    return `${where}: ${e.message ?? 'is invalid'}`;
  });
  if (errors.length > limit) lines.push(`and ${errors.length - limit} more`);
  return lines.join('; ');
}
