/**
 * MCP resources (server feature "resources", 2025-11-25 and 2026-07-28): the host's pure rules for a
 * server's resource and resource-template lists, a template's variables and the URI they make, and
 * the resource picker's filter. No I/O; the browser and the server share the types. What the model
 * gets of a resource's contents is lib/mcplet/resource-projection.ts.
 */
import { type Checked, MAX_ARGUMENT_VALUE, type PromptIcon, readIcons } from './prompts';

/** One resource as a server listed it (`resources/list`), read leniently and bounded. */
export interface ResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons: PromptIcon[];
  /** MCP `annotations.audience` as listed (lib/mcplet/resource-projection.ts reads it). */
  audience?: string[];
}

/** One template (`resources/templates/list`): an RFC 6570 URI template and the variables it names. */
export interface ResourceTemplateInfo {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  icons: PromptIcon[];
  /** The template's variables, in order (each asked for in the picker's small form). */
  variables: string[];
}

/** A resource or template in the picker: its server beside it, and whether that server completes. */
export type ResourceListItem =
  | (ResourceInfo & { kind: 'resource'; serverId: string; serverName: string })
  | (ResourceTemplateInfo & { kind: 'template'; serverId: string; serverName: string; completions: boolean });

export const MAX_RESOURCES = 500;
export const MAX_RESOURCE_URI = 2_000;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 1_000;
const MAX_MIME = 100;
const MAX_VARIABLES = 16;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

function usableUri(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_RESOURCE_URI;
}

function common(entry: Record<string, unknown>, name: string) {
  const title = optionalText(entry.title, MAX_NAME);
  const description = optionalText(entry.description, MAX_DESCRIPTION);
  const mimeType = optionalText(entry.mimeType, MAX_MIME);
  return {
    name,
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
    icons: readIcons(entry.icons),
  };
}

/**
 * A `resources/list` answer read leniently: an entry without a usable URI is skipped (and counted);
 * one without a name is named by its URI; a URI seen twice keeps its first entry.
 */
export function readResourceList(entries: readonly unknown[]): { items: ResourceInfo[]; skipped: number } {
  const items: ResourceInfo[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of entries) {
    if (!isRecord(entry) || !usableUri(entry.uri) || seen.has(entry.uri) || items.length === MAX_RESOURCES) {
      skipped++;
      continue;
    }
    seen.add(entry.uri);
    const name = optionalText(entry.name, MAX_NAME) ?? entry.uri.slice(0, MAX_NAME);
    const annotations = isRecord(entry.annotations) ? entry.annotations : {};
    // Kept as listed, malformed included: an audience that is not a list naming "assistant" withholds.
    const audience =
      'audience' in annotations
        ? Array.isArray(annotations.audience)
          ? annotations.audience.filter((a): a is string => typeof a === 'string').slice(0, 4)
          : []
        : undefined;
    items.push({ uri: entry.uri, ...common(entry, name), ...(audience ? { audience } : {}) });
  }
  return { items, skipped };
}

/** A `resources/templates/list` answer read leniently, like `readResourceList`; its variables found. */
export function readTemplateList(entries: readonly unknown[]): {
  items: ResourceTemplateInfo[];
  skipped: number;
} {
  const items: ResourceTemplateInfo[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const entry of entries) {
    const template = isRecord(entry) ? entry.uriTemplate : undefined;
    if (!isRecord(entry) || !usableUri(template) || seen.has(template) || items.length === MAX_RESOURCES) {
      skipped++;
      continue;
    }
    seen.add(template);
    const name = optionalText(entry.name, MAX_NAME) ?? template.slice(0, MAX_NAME);
    items.push({ uriTemplate: template, ...common(entry, name), variables: templateVariables(template) });
  }
  return { items, skipped };
}

const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;

/** The variable names of an RFC 6570 template (`{name}`, `{+path}`, `{?q,lang}`; `*` and `:n` dropped). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(EXPRESSION))
    for (const spec of (match[2] ?? '').split(',')) {
      const name = spec.replace(/\*$|:\d+$/, '');
      if (/^[A-Za-z0-9_.%]+$/.test(name) && !names.includes(name)) names.push(name);
      if (names.length === MAX_VARIABLES) return names;
    }
  return names;
}

const RESERVED = /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/;

function encode(value: string, reserved: boolean): string {
  if (!reserved)
    return encodeURIComponent(value).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  return Array.from(value, (c) => (RESERVED.test(c) ? c : encodeURIComponent(c))).join('');
}

const OPERATORS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

/**
 * A template's URI for the values the user gave (RFC 6570 for string values): every variable the
 * template names must have a value that is text, not blank and bounded; no other name is accepted.
 * Values are percent-encoded as the operator says, so a value cannot add a path or a query of its own
 * to a simple `{name}`.
 */
export function expandTemplate(template: string, given: unknown): Checked<string> {
  if (!isRecord(given)) return { ok: false, error: 'The template values must be an object of text values.' };
  const variables = templateVariables(template);
  for (const key of Object.keys(given))
    if (!variables.includes(key))
      return { ok: false, error: `The template has no variable "${key.slice(0, 60)}".` };
  const values: Record<string, string> = {};
  for (const name of variables) {
    const value = given[name];
    if (typeof value !== 'string' || value.trim() === '')
      return { ok: false, error: `Give a value for "${name}".` };
    if (value.length > MAX_ARGUMENT_VALUE) return { ok: false, error: `The value of "${name}" is too long.` };
    values[name] = value;
  }
  const uri = template.replace(EXPRESSION, (_whole, op: string, list: string) => {
    const rule = OPERATORS[op] ?? { first: '', sep: ',', named: false, reserved: false };
    const parts = list
      .split(',')
      .map((spec) => spec.replace(/\*$/, ''))
      .map((spec) => {
        const [name = '', length] = spec.split(':');
        const raw = values[name] ?? '';
        const value = encode(length ? raw.slice(0, Number(length)) : raw, rule.reserved);
        return rule.named ? `${name}${value === '' && op === ';' ? '' : `=${value}`}` : value;
      });
    return `${rule.first}${parts.join(rule.sep)}`;
  });
  if (uri.length > MAX_RESOURCE_URI) return { ok: false, error: 'The resource address is too long.' };
  return { ok: true, value: uri };
}

/** The picker's filter: every word typed occurs in the name, title, URI or MIME type. */
export function matchesResource(
  item: { name: string; title?: string; mimeType?: string } & ({ uri: string } | { uriTemplate: string }),
  filter: string,
): boolean {
  const address = 'uri' in item ? item.uri : item.uriTemplate;
  const haystack = `${item.name} ${item.title ?? ''} ${address} ${item.mimeType ?? ''}`.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => haystack.includes(word));
}
