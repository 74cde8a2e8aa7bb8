/** Form fields generated from a tool's inputSchema (developer preview). Pure. */

export type Field =
  | { kind: 'text'; name: string; label: string; required: boolean; description?: string; pattern?: string }
  | {
      kind: 'number';
      name: string;
      label: string;
      required: boolean;
      description?: string;
      integer: boolean;
      min?: number;
      max?: number;
    }
  | { kind: 'boolean'; name: string; label: string; required: boolean; description?: string }
  | { kind: 'enum'; name: string; label: string; required: boolean; description?: string; options: string[] }
  | { kind: 'json'; name: string; label: string; required: boolean; description?: string };

type Schema = Record<string, unknown>;

function isRecord(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function fieldsFor(inputSchema: unknown): Field[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  const required = new Set(
    Array.isArray(inputSchema.required) ? inputSchema.required.filter((r) => typeof r === 'string') : [],
  );
  return Object.entries(inputSchema.properties).map(([name, raw]): Field => {
    const schema = isRecord(raw) ? raw : {};
    const base = {
      name,
      label: typeof schema.title === 'string' ? schema.title : name,
      required: required.has(name),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    };
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === 'string')) {
      return { ...base, kind: 'enum', options: schema.enum as string[] };
    }
    if (type === 'string')
      return {
        ...base,
        kind: 'text',
        ...(typeof schema.pattern === 'string' ? { pattern: schema.pattern } : {}),
      };
    if (type === 'number' || type === 'integer') {
      return {
        ...base,
        kind: 'number',
        integer: type === 'integer',
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
      };
    }
    if (type === 'boolean') return { ...base, kind: 'boolean' };
    return { ...base, kind: 'json' };
  });
}

export type FieldValues = Record<string, string | boolean>;

export type BuiltArgs = { ok: true; args: Record<string, unknown> } | { ok: false; error: string };

/**
 * Turns form values into arguments. Empty optional fields are left out; numbers and JSON are parsed
 * here so a typo is reported next to its field rather than as a server error.
 */
export function buildArgs(fields: Field[], values: FieldValues): BuiltArgs {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      if (value === true || value === false) args[field.name] = value;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (text.trim() === '') continue;
    if (field.kind === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n) || (field.integer && !Number.isInteger(n))) {
        return {
          ok: false,
          error: `${field.label}: "${text}" is not ${field.integer ? 'a whole number' : 'a number'}`,
        };
      }
      args[field.name] = n;
    } else if (field.kind === 'json') {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        return { ok: false, error: `${field.label}: not valid JSON` };
      }
    } else {
      args[field.name] = text;
    }
  }
  return { ok: true, args };
}
