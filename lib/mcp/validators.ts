import AjvDraft7 from 'ajv';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

function make<T extends Ajv2020 | AjvDraft7>(ajv: T): T {
  addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
  return ajv;
}

const draft2020 = make(new Ajv2020({ strict: false, allErrors: true, validateSchema: true }));
const draft7 = make(new AjvDraft7({ strict: false, allErrors: true, validateSchema: true }));
const cache = new Map<string, ValidateFunction>();

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
  if (hit) return { ok: true, validate: hit };
  const dialect = typeof rest.$schema === 'string' ? rest.$schema : '';
  const ajv = /draft-0[4-7]/.test(dialect) ? draft7 : draft2020;
  const { $schema: _schema, ...body } = rest;
  try {
    const validate = ajv.compile(body);
    cache.set(key, validate);
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
