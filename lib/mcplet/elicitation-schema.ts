/**
 * MCP elicitation (2025-11-25), the pure parts: a form-mode `requestedSchema` (a flat object of
 * primitive properties) turned into the fields the host draws, its defaults, and the URL-mode check.
 */

export interface ElicitationSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}

export interface Choice {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  label: string;
  description?: string;
  required: boolean;
}

export type FormField =
  | (FieldBase & {
      kind: 'text';
      format?: 'email' | 'uri' | 'date' | 'date-time';
      minLength?: number;
      maxLength?: number;
      default?: string;
    })
  | (FieldBase & {
      kind: 'number';
      integer: boolean;
      minimum?: number;
      maximum?: number;
      default?: number;
    })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'select'; choices: Choice[]; default?: string })
  | (FieldBase & {
      kind: 'multi-select';
      choices: Choice[];
      minItems?: number;
      maxItems?: number;
      default?: string[];
    });

export type ElicitValue = string | number | boolean | string[];

const FORMATS = new Set(['email', 'uri', 'date', 'date-time']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;

/** `oneOf` / `anyOf` of `{ const, title }`: the titled enums of the spec. */
function titled(list: unknown): Choice[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const choices: Choice[] = [];
  for (const item of list) {
    const entry = item as Record<string, unknown> | null;
    const value = str(entry?.const);
    if (value === undefined) return undefined;
    choices.push({ value, label: str(entry?.title) ?? value });
  }
  return choices;
}

function plainChoices(values: string[] | undefined, names?: string[]): Choice[] | undefined {
  return values?.map((value, i) => ({ value, label: names?.[i] ?? value }));
}

/** One property as a field, or why the host cannot draw it (nested objects, unknown types). */
function fieldOf(name: string, prop: Record<string, unknown>, required: boolean): FormField | string {
  const base: FieldBase = {
    name,
    label: str(prop.title) ?? name,
    required,
    ...(str(prop.description) ? { description: str(prop.description) } : {}),
  };
  switch (prop.type) {
    case 'string': {
      const choices = titled(prop.oneOf) ?? plainChoices(strings(prop.enum), strings(prop.enumNames));
      if (choices) return { ...base, kind: 'select', choices, default: str(prop.default) };
      const format = str(prop.format);
      if (format !== undefined && !FORMATS.has(format)) return `"${name}" has an unknown format "${format}"`;
      return {
        ...base,
        kind: 'text',
        ...(format ? { format: format as 'email' | 'uri' | 'date' | 'date-time' } : {}),
        minLength: num(prop.minLength),
        maxLength: num(prop.maxLength),
        default: str(prop.default),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: prop.type === 'integer',
        minimum: num(prop.minimum),
        maximum: num(prop.maximum),
        default: num(prop.default),
      };
    case 'boolean':
      return {
        ...base,
        kind: 'boolean',
        default: typeof prop.default === 'boolean' ? prop.default : undefined,
      };
    case 'array': {
      const items = (prop.items ?? {}) as Record<string, unknown>;
      const choices = titled(items.anyOf) ?? plainChoices(strings(items.enum));
      if (!choices) return `"${name}" is an array without a list of choices`;
      return {
        ...base,
        kind: 'multi-select',
        choices,
        minItems: num(prop.minItems),
        maxItems: num(prop.maxItems),
        default: strings(prop.default),
      };
    }
    default:
      return `"${name}" is not a primitive (string, number, integer, boolean or a multi-select)`;
  }
}

/** Requested schema: the fields to draw, in the server's order, or why the form cannot be drawn. */
export function formFields(
  schema: ElicitationSchema,
): { ok: true; fields: FormField[] } | { ok: false; reason: string } {
  const required = new Set(schema.required ?? []);
  const fields: FormField[] = [];
  for (const [name, prop] of Object.entries(schema.properties)) {
    const field = fieldOf(name, prop, required.has(name));
    if (typeof field === 'string') return { ok: false, reason: field };
    fields.push(field);
  }
  return { ok: true, fields };
}

/** Requested schema, defaults: the values a form starts with (only fields that declare one). */
export function defaultsOf(fields: FormField[]): Record<string, ElicitValue> {
  const values: Record<string, ElicitValue> = {};
  for (const field of fields) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

/** Requested schema, defaults: a field left out of an accepted answer takes its default. */
export function withDefaults(fields: FormField[], content: Record<string, unknown>): Record<string, unknown> {
  return { ...defaultsOf(fields), ...content };
}

export type UrlCheck = { ok: true; url: string; domain: string } | { ok: false; reason: string };

/** URL mode: only http and https pages are opened; anything else is refused (declined) with a note. */
export function checkElicitationUrl(raw: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The server asked to open something that is not a valid URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      ok: false,
      reason: `The server asked to open a "${url.protocol.replace(/:$/, '')}:" link; only http and https pages are opened.`,
    };
  if (url.username || url.password)
    return { ok: false, reason: 'The server asked to open a URL with credentials in it; it was refused.' };
  return { ok: true, url: url.href, domain: url.hostname };
}

/** Which server and which tool call asked: shown on every elicitation. */
export interface ElicitationAsker {
  serverName: string;
  toolName: string;
  toolTitle?: string;
}

/** What was asked: a form, a URL to open (then waited for), or a note that a URL was refused. */
export type ElicitationQuestion = { message: string } & (
  | { mode: 'form'; requestedSchema: ElicitationSchema }
  | { mode: 'url'; url: string; domain: string; state: 'asking' | 'waiting' }
  | { mode: 'refused'; note: string }
);

/** What the browser draws of a pending elicitation (never inside a view). */
export type ElicitationPrompt = ElicitationAsker & { id: string; expiresAt: number } & ElicitationQuestion;

export type ElicitAction = 'accept' | 'decline' | 'cancel';
